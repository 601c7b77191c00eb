import { button } from './ui.css';
import { DownloadIcon } from './icons';

/**
 * A link that downloads a table as CSV (docs/decisions/180). A plain link, so it works before
 * hydration and from the keyboard; the server names the file and checks the role. `label` says
 * which table when a screen has more than one.
 */
export function DownloadCsv({ href, label = 'Download CSV' }: { href: string; label?: string }) {
  return (
    <a className={button.secondary} href={href} download data-testid="download-csv">
      <DownloadIcon size={16} />
      {label}
    </a>
  );
}
