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
      </div>
    </div>
  );
}
