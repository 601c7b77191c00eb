import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { apiRequest } from '../client/api';
import { Dialog } from '../components/Dialog';
import { SearchIcon } from '../components/icons';
import { button, muted, visuallyHidden } from '../components/ui.css';
import { type Project, projectPath } from '../shared/projects';
import { can, type Role } from '../shared/roles';
import { dealHref, pagesFor } from '../shared/site-pages';
import { jiraBrowseUrl } from '../shared/source-links';
import { PROJECTS_KEY } from './projects/api';
import * as s from './CommandPalette.css';

export interface Props {
  /** The Jira site, so a ticket key typed here opens its issue. */
  jiraSite: string;
  /** The signed-in role, from the server: it decides which pages are listed, and deals. */
  role: Role;
}

/** A person the palette finds: a tracked developer, by name (GET /api/people/names). */
interface Person {
  name: string;
}
const PEOPLE_KEY = ['/api/people/names'] as const;

/** An open deal the palette finds, admins only (GET /api/pipeline). */
interface Deal {
  id: number;
  title: string;
  stage: string | null;
}
const PIPELINE_KEY = ['/api/pipeline'] as const;

interface Result {
  id: string;
  kind: 'Page' | 'Project' | 'Person' | 'Deal' | 'Ticket';
  label: string;
  href: string;
  /** Another site: opened in a new tab. */
  external?: boolean;
}

const TICKET_KEY = /^[A-Z][A-Z0-9]+-\d+$/;

/**
 * What the query finds: a ticket key, the projects by name or Jira key, people by name, deals by
 * title (admins only: `deals` is empty for others), and the pages the role may open.
 */
function search(
  query: string,
  projects: Project[],
  people: Person[],
  deals: Deal[],
  site: string,
  role: Role,
): Result[] {
  const q = query.trim().toLowerCase();
  const key = query.trim().toUpperCase();
  const out: Result[] = [];
  if (site && TICKET_KEY.test(key))
    out.push({
      id: `ticket:${key}`,
      kind: 'Ticket',
      label: `${key} in Jira`,
      href: jiraBrowseUrl(site, key),
      external: true,
    });
  const matches = (text: string | null) => !!text && text.toLowerCase().includes(q);
  const prefix = key.includes('-') ? key.slice(0, key.indexOf('-')) : null;
  for (const p of projects) {
    if (!p.visible) continue;
    if (!q || matches(p.name) || matches(p.jiraProjectKey) || p.jiraProjectKey === prefix)
      out.push({
        id: `project:${p.id}`,
        kind: 'Project',
        label: p.name,
        href: projectPath(p.id),
      });
  }
  // A person leads to Weekly History's tickets filtered to them (docs/decisions/347); people
  // show only once something is typed, so an empty query still lists projects and pages.
  if (q)
    for (const person of people)
      if (matches(person.name))
        out.push({
          id: `person:${person.name}`,
          kind: 'Person',
          label: person.name,
          href: `/developer?${new URLSearchParams({ assignee: person.name })}`,
        });
  if (q)
    for (const deal of deals)
      if (matches(deal.title))
        out.push({
          id: `deal:${deal.id}`,
          kind: 'Deal',
          label: deal.stage ? `${deal.title} (${deal.stage})` : deal.title,
          href: dealHref(deal.id),
        });
  for (const page of pagesFor(role))
    if (!q || matches(page.label) || matches(page.words ?? null))
      out.push({ id: `page:${page.href}`, kind: 'Page', label: page.label, href: page.href });
  return out.slice(0, 12);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The command palette (Ctrl/Cmd-K or '/'): finds projects, people, ticket keys and pages and
 * jumps to them, from the keyboard. A combobox over a listbox (WAI-ARIA's combobox pattern); '?' lists
 * the shortcuts. Its projects are the portfolio's own call, asked when it first opens.
 */
export default function CommandPalette({ jiraSite, role }: Props) {
  const [open, setOpen] = useState<'search' | 'help' | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const projects = useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: () => apiRequest<Project[]>('GET', '/api/projects'),
    enabled: open === 'search',
  });
  const people = useQuery({
    queryKey: PEOPLE_KEY,
    queryFn: () => apiRequest<{ people: Person[] }>('GET', PEOPLE_KEY[0]),
    enabled: open === 'search',
  });
  const deals = useQuery({
    queryKey: PIPELINE_KEY,
    queryFn: () => apiRequest<{ deals: Deal[] }>('GET', PIPELINE_KEY[0]),
    enabled: open === 'search' && can(role, 'money.view'),
  });
  const results = useMemo(
    () =>
      search(
        query,
        projects.data ?? [],
        people.data?.people ?? [],
        deals.data?.deals ?? [],
        jiraSite,
        role,
      ),
    [query, projects.data, people.data, deals.data, jiraSite, role],
  );

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen('search');
      } else if (!typing(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key === '/') {
          event.preventDefault();
          setOpen('search');
        } else if (event.key === '?') {
          event.preventDefault();
          setOpen('help');
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(null);
    setQuery('');
    setActive(0);
  };
  const go = (r: Result | undefined) => {
    if (!r) return;
    close();
    if (r.external) window.open(r.href, '_blank', 'noopener,noreferrer');
    else window.location.assign(r.href);
  };
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(results[active]);
    }
  };
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <>
      <button
        type="button"
        className={`${button.ghost} ${s.trigger}`}
        onClick={() => setOpen('search')}
        aria-keyshortcuts="Control+K Meta+K /"
        title="Search (Ctrl+K or /)"
      >
        <SearchIcon />
        <span className={visuallyHidden}>Search</span>
      </button>
      <Dialog open={open === 'search'} onClose={close} title="Search" size="md" testId="palette">
        {/* The caret goes here on open (data-autofocus), so typing searches at once. */}
        <input
          data-autofocus=""
          className={s.input}
          role="combobox"
          aria-label="Search projects, people, deals, ticket keys and pages"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length ? optionId(active) : undefined}
          placeholder={
            can(role, 'money.view')
              ? 'Project, person, deal, ticket key (ASR-12) or page'
              : 'Project, person, ticket key (ASR-12) or page'
          }
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onInputKey}
        />
        <ul id={listId} role="listbox" aria-label="Results" className={s.list}>
          {results.map((r, i) => (
            <li
              key={r.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={s.option}
              onClick={() => go(r)}
              onMouseMove={() => setActive(i)}
            >
              <span className={s.kind}>{r.kind}</span>
              <span>{r.label}</span>
            </li>
          ))}
        </ul>
        {projects.isPending ? <p className={muted}>Loading projects…</p> : null}
        {projects.isError ? <p className={muted}>Projects could not be loaded.</p> : null}
        {people.isError ? <p className={muted}>People could not be loaded.</p> : null}
        {deals.isError ? <p className={muted}>Deals could not be loaded.</p> : null}
        {results.length === 0 && !projects.isPending ? (
          <p className={muted} role="status">
            Nothing matches “{query}”.
          </p>
        ) : null}
      </Dialog>
      <Dialog
        open={open === 'help'}
        onClose={close}
        title="Keyboard shortcuts"
        size="sm"
        testId="shortcuts"
      >
        <dl className={s.shortcuts}>
          <dt>
            <kbd>Ctrl</kbd>+<kbd>K</kbd> or <kbd>/</kbd>
          </dt>
          <dd>Search projects, people, deals, ticket keys and pages</dd>
          <dt>
            <kbd>↑</kbd> <kbd>↓</kbd> <kbd>Enter</kbd>
          </dt>
          <dd>Move through the results and open one</dd>
          <dt>
            <kbd>Esc</kbd>
          </dt>
          <dd>Close</dd>
          <dt>
            <kbd>?</kbd>
          </dt>
          <dd>This list</dd>
        </dl>
      </Dialog>
    </>
  );
}
