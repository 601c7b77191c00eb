import { button } from './ui.css';

/**
 * A link that downloads a table as CSV (docs/decisions/180). A plain link, so it works before
 * hydration and from the keyboard; the server names the file and checks the role. `label` says
 * which table when a screen has more than one.
 */
export function DownloadCsv({ href, label = 'Download CSV' }: { href: string; label?: string }) {
  return (
    <a className={button.secondary} href={href} download data-testid="download-csv">
      <svg
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
        <polyline points="7 10 12 15 17 10" />
        <line x1="12" y1="15" x2="12" y2="3" />
      </svg>
      {label}
    </a>
  );
}
