import { createContext, type ReactNode, useContext } from 'react';
import { forecastProjectUrl, jiraBrowseUrl } from '../shared/source-links';
import { sourceLink, visuallyHidden } from './ui.css';

/**
 * The Jira site of the page's data, handed to an island by the server as a prop and provided
 * here so nested parts (the detail modal's tabs) can link keys without threading it through.
 * Empty: no links, the plain text.
 */
export const JiraSiteContext = createContext('');

/**
 * The Forecast app of the page's data, given as Jira's site is: by the server to its own
 * rendering and as a prop to an island. Empty: Forecast ids stay plain text.
 */
export const ForecastSiteContext = createContext('');

/** A link to the source system: a new tab, marked with an icon (its class draws it) and in words for screen readers. */
export function SourceLink({
  href,
  children,
  className,
  title,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  return (
    <a
      className={`${sourceLink}${className ? ` ${className}` : ''}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={title}
      data-card-click="ignore"
    >
      {children}
      <span className={visuallyHidden}> (opens in a new tab)</span>
    </a>
  );
}

/** A Jira key (issue, epic or project) as a link to `<site>/browse/KEY`, or plain when no site is known. */
export function JiraKey({ issueKey, className }: { issueKey: string; className?: string }) {
  const site = useContext(JiraSiteContext);
  if (!site) return <span className={className}>{issueKey}</span>;
  return (
    <SourceLink href={jiraBrowseUrl(site, issueKey)} className={className}>
      {issueKey}
    </SourceLink>
  );
}

/**
 * A project's Forecast id as a link to its page in Forecast, or plain when its P-number is not
 * stored yet or no Forecast app is known.
 */
export function ForecastProjectId({
  forecastProjectId,
  companyProjectId,
}: {
  forecastProjectId: number;
  companyProjectId: number | null;
}) {
  const site = useContext(ForecastSiteContext);
  if (!site || companyProjectId === null) return <>{forecastProjectId}</>;
  return (
    <SourceLink
      href={forecastProjectUrl(site, companyProjectId)}
      title={`P-${companyProjectId} in Forecast`}
    >
      {forecastProjectId}
    </SourceLink>
  );
}
