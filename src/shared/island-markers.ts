/**
 * Tag and attribute names the server's HTML and the browser's code both rely on: the island
 * wrapper and the hydrator, and the portfolio's card list that its island refreshes.
 */
export const ISLAND_TAG = 'app-island';
export const ISLAND_NAME_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-props';
export const ISLAND_HYDRATED_ATTR = 'data-hydrated';

/** The attribute of the element holding the portfolio's projects; PortfolioCards refreshes its content. */
export const PORTFOLIO_PROJECTS_ATTR = 'data-portfolio-projects';

/**
 * Set on the cards' container once a click on a card opens its detail: the client entry runs
 * once the HTML is parsed, so there is a moment when the cards are painted and not yet listening
 * (a click then follows the card's link to the project's page).
 */
export const CARDS_READY_ATTR = 'data-cards-ready';

/**
 * An event (detail: the HTML) an island dispatches on an element whose content the server has
 * rendered again; the hydrator puts it in place. An event, not an import: the hydrator imports
 * every island, so an island importing the hydrator would close a cycle.
 */
export const SERVER_HTML_EVENT = 'agency:server-html';

/** A window event (detail: the new count) the alert list sends and the top bar's bell hears. */
export const ALERTS_CHANGED_EVENT = 'agency:alerts-changed';
