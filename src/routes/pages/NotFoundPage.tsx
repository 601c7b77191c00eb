import { card } from '../../components/ui.css';
import { WarningIcon } from '../../components/icons';
import * as s from './Layout.css';

/** docs/product-spec.md, "Not-found screen". */
export function NotFoundPage() {
  return (
    <div className={s.notFoundWrap}>
      <div className={`${card} ${s.notFoundCard}`}>
        <div className={s.notFoundHead}>
          <WarningIcon size={28} className={s.warnIcon} />
          <h1>404 Page Not Found</h1>
        </div>
        <p>Did you forget to add the page to the router?</p>
        {/* A way back, beside the spec's text (a plain link: this page ships no script). */}
        <a href="/">Go to the dashboard</a>
      </div>
    </div>
  );
}
