import type { SessionUser } from '../../auth/session';
import { card, h1, h2, muted, page, pageHeader } from '../../components/ui.css';
import { Layout } from './Layout';
import * as s from './SettingsPage.css';

export interface OutboxMailView {
  id: number;
  createdAt: string;
  recipients: string[];
  subject: string;
  text: string;
  /** The HTML part, shown as it is mailed; null for a mail that had none. */
  html: string | null;
}

/**
 * The HTML part as the outbox shows it: its links open in a new tab (the frame is sandboxed,
 * with no scripts, so nothing in the mail can run).
 */
export function outboxFrameDocument(html: string): string {
  return html.replace(/<html>/i, '<html><head><base target="_blank"></head>');
}

/**
 * `/agency/outbox` (admins): mail the dashboard kept because no SMTP server is set (demo mode),
 * newest first. The HTML part is shown as the recipient sees it, in a sandboxed frame with no
 * scripts; the text part stays below it, as text.
 */
export function OutboxPage({
  user,
  mails,
  smtp,
}: {
  user: SessionUser;
  mails: OutboxMailView[];
  smtp: boolean;
}) {
  return (
    <Layout user={user} active="outbox">
      <div className={page}>
        <div className={pageHeader}>
          <h1 className={h1}>Outbox</h1>
        </div>
        <p className={muted}>
          {smtp
            ? 'Mail goes out through the SMTP server; only mail it refused is kept here.'
            : 'No SMTP server is set (SMTP_URL), so the Monday digest is kept here instead of being sent.'}
        </p>
        {mails.length === 0 ? (
          <section className={`${card} ${s.section}`}>
            <h2 className={h2}>No mail yet</h2>
            <p className={muted}>The Monday digest appears here after Monday 08:00.</p>
          </section>
        ) : (
          mails.map((m) => (
            <article key={m.id} className={`${card} ${s.section}`} data-testid="outbox-mail">
              <h2 className={h2}>{m.subject}</h2>
              <p className={muted}>
                {`${m.createdAt.slice(0, 16).replace('T', ' ')} UTC to ${m.recipients.join(', ')}`}
              </p>
              {m.html === null ? (
                <pre className={s.mailText}>{m.text}</pre>
              ) : (
                <>
                  {/* A preview: Tab passes it by, as the mail's links are the pages it sits among. */}
                  <iframe
                    tabIndex={-1}
                    title={`${m.subject}, as mailed`}
                    className={s.mailFrame}
                    sandbox="allow-popups allow-popups-to-escape-sandbox"
                    srcDoc={outboxFrameDocument(m.html)}
                    data-testid="outbox-html"
                  />
                  <details>
                    <summary>Plain-text part</summary>
                    <pre className={s.mailText}>{m.text}</pre>
                  </details>
                </>
              )}
            </article>
          ))
        )}
      </div>
    </Layout>
  );
}
