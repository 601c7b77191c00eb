import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../client/api';
import { keepFloatingPanelsInViewport } from '../client/floating';
import { opensElsewhere } from '../client/links';
import { toast } from '../client/toast';
import { WarningIcon } from '../components/icons';
import { ForecastSiteContext, JiraSiteContext } from '../components/SourceLink';
import {
  CARDS_READY_ATTR,
  PORTFOLIO_PROJECTS_ATTR,
  SERVER_HTML_EVENT,
} from '../shared/island-markers';
import * as s from '../components/portfolio/PortfolioProjects.css';
import { muted, spinner } from '../components/ui.css';
import { namesAView, portfolioViewParams, readPortfolioView } from '../shared/portfolio-table';
import { type Project, projectIdOfPath, projectPath } from '../shared/projects';
import type { Role } from '../shared/roles';
import { PORTFOLIO_HTML_KEY, PROJECTS_KEY } from './projects/api';

// The detail modal and its charts load only when a card is opened (their own chunk).
const loadDetailModal = () => import('./projects/ProjectDetailModal');
const ProjectDetailModal = lazy(loadDetailModal);

/** The cards as the server sent them with the page: nothing to put in place. */
const AS_RENDERED = '';

export interface Props {
  /** False when the server could not read the projects: the cards are then fetched (spinner first). */
  rendered: boolean;
  /** The signed-in role, from the server: admins also see the money figures in the detail modal. */
  role: Role;
  /** The Jira site, so the detail modal's keys link into it ('' for plain keys). */
  jiraSite?: string;
  /** The Forecast app, so the detail modal's Forecast id links into it ('' for plain ids). */
  forecastSite?: string;
}

/** Marks the history entry this island added for an opened project, so closing goes back. */
const OPENED_HERE = 'projectOpenedFromList';

/** The project the address names: its own page's path, or `/?project=<id>` (docs/decisions/174). */
function projectInAddress(): number | null {
  const asked = Number(new URLSearchParams(window.location.search).get('project'));
  return (
    projectIdOfPath(window.location.pathname) ??
    (Number.isInteger(asked) && asked > 0 ? asked : null)
  );
}

const projectsRequest = () => apiRequest<Project[]>('GET', '/api/projects');

/**
 * What makes the server-rendered cards of the Project Portfolio (docs/product-spec.md, "Project
 * Portfolio page") live, without hydrating them: a click on a card opens its detail modal, and
 * after any change the cards are fetched again as server HTML (GET /portfolio/projects) and
 * handed to the hydrator, which puts them in place. Shows the list's loading and error states
 * when the page came without cards (docs/decisions/140).
 */
export default function PortfolioCards({
  rendered,
  role,
  jiraSite = '',
  forecastSite = '',
}: Props) {
  const queryClient = useQueryClient();
  // The list's own address: while a project is open the address is the project's.
  const listSearch = useRef(typeof window === 'undefined' ? '' : window.location.search);
  const cards = useQuery({
    queryKey: PORTFOLIO_HTML_KEY,
    // The page's own view (cards or the table, its sort and filters) comes back, from its address.
    queryFn: () => apiRequest<string>('GET', `/portfolio/projects${listSearch.current}`),
    ...(rendered ? { initialData: AS_RENDERED } : {}),
  });
  const [openId, setOpenId] = useState<number | null>(null);
  // The cards' billing hovers are placed inside the viewport once scripts run.
  useEffect(keepFloatingPanelsInViewport, []);
  const projects = useQuery({
    queryKey: PROJECTS_KEY,
    queryFn: projectsRequest,
    enabled: openId !== null,
  });

  useEffect(() => {
    const html = cards.data;
    if (html === undefined || html === AS_RENDERED) return;
    document
      .querySelector(`[${PORTFOLIO_PROJECTS_ATTR}]`)
      ?.dispatchEvent(new CustomEvent(SERVER_HTML_EVENT, { detail: html, bubbles: true }));
  }, [cards.data]);

  // The address is the view; a view it names in full is remembered by this call, never by the
  // page's GET (docs/decisions/276). A failure only means the next plain / shows the old view.
  useEffect(() => {
    const query = Object.fromEntries(new URLSearchParams(window.location.search));
    if (!namesAView(query)) return;
    const { view, rejected } = readPortfolioView(query);
    if (rejected.length > 0) return;
    apiRequest('PUT', '/api/preferences/portfolio-view', {
      query: portfolioViewParams(view).toString(),
    }).catch(() => {});
  }, []);

  // Insights link a project as /?project=<id> (docs/decisions/174): open its detail at once.
  // Back and Forward move between the list and a project opened from it.
  useEffect(() => {
    setOpenId(projectInAddress());
    const onPopState = () => setOpenId(projectInAddress());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    const cardOf = (clicked: EventTarget | null | undefined): HTMLElement | null => {
      const target = clicked instanceof Element ? clicked : null;
      const card = target?.closest<HTMLElement>(
        '[data-testid="project-card"], [data-testid="project-row"]',
      );
      if (!card || !target) return null;
      // The card's own islands (team, sync), marked parts (billing details) and links to other
      // pages (its alerts) keep their clicks; its link to the project's page is the card's own.
      const own = target.closest('app-island, [data-card-click="ignore"], a:not([aria-haspopup])');
      return own && card.contains(own) ? null : card;
    };
    // The address becomes the project's, so it can be copied and shared; Back closes it.
    const show = (card: HTMLElement) => {
      const id = Number(card.dataset.projectId);
      if (projectInAddress() !== id)
        window.history.pushState({ [OPENED_HERE]: true }, '', projectPath(id));
      setOpenId(id);
    };
    const onClick = (event: MouseEvent) => {
      const card = cardOf(event.target);
      // Ctrl/Cmd-click and the like open the project's link as the browser does.
      if (!card || opensElsewhere(event)) return;
      event.preventDefault();
      show(card);
    };
    // Pointing at a card fetches what its modal needs, so it opens at once.
    let warmed = false;
    const onPointerOver = (event: PointerEvent) => {
      if (warmed || !cardOf(event.target)) return;
      warmed = true;
      void loadDetailModal();
      void queryClient.prefetchQuery({ queryKey: PROJECTS_KEY, queryFn: projectsRequest });
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onPointerOver);
    document.querySelector(`[${PORTFOLIO_PROJECTS_ATTR}]`)?.setAttribute(CARDS_READY_ATTR, '');
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onPointerOver);
    };
  }, [queryClient]);

  // The list could not be read: say so rather than leave the click unanswered.
  useEffect(() => {
    if (openId === null || !projects.isError || projects.data) return;
    toast({
      title: 'Error',
      description: 'Failed to fetch project data. Please try again later.',
      variant: 'destructive',
    });
    setOpenId(null);
  }, [openId, projects.isError, projects.data]);

  const close = () => {
    setOpenId(null);
    if (projectIdOfPath(window.location.pathname) !== null) {
      // Opened from this list: back to its entry, as the browser's Back would.
      if ((window.history.state as Record<string, unknown> | null)?.[OPENED_HERE])
        window.history.back();
      else window.history.replaceState(null, '', `/${listSearch.current}`);
      return;
    }
    // A reload after closing shows the list, not the project the link opened.
    const params = new URLSearchParams(window.location.search);
    if (params.has('project')) {
      // The view's own parameters (table, sort, filters) stay.
      params.delete('project');
      window.history.replaceState(null, '', params.size ? `/?${params}` : '/');
    }
  };
  const open = openId === null ? undefined : projects.data?.find((p) => p.id === openId);
  return (
    <>
      {cards.isPending ? (
        <div className={s.state} role="status" aria-label="Loading projects">
          <div className={spinner} />
        </div>
      ) : cards.isError && cards.data === undefined ? (
        <div className={s.state} role="alert">
          <WarningIcon size={28} className={s.errorIcon} />
          <div className={s.stateTitle}>Error Loading Projects</div>
          <p className={muted}>Failed to fetch project data. Please try again later.</p>
        </div>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <JiraSiteContext.Provider value={jiraSite}>
            <ForecastSiteContext.Provider value={forecastSite}>
              <ProjectDetailModal project={open} role={role} onClose={close} />
            </ForecastSiteContext.Provider>
          </JiraSiteContext.Provider>
        </Suspense>
      ) : null}
    </>
  );
}
