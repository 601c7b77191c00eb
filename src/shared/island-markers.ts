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
 * Set on the cards' container once a click on a card opens its detail: the client entry loads
 * after first paint, so there is a moment when the cards are painted and not yet listening.
 */
export const CARDS_READY_ATTR = 'data-cards-ready';

/**
 * The window property where the page's inline script keeps the target of the last click before
 * the page's islands listen; PortfolioCards opens the card it was on once it listens, and sets
 * the property to null, which stops the recording.
 */
export const CLICK_BEFORE_ISLANDS = '__clickBeforeIslands';

/**
 * An event (detail: the HTML) an island dispatches on an element whose content the server has
 * rendered again; the hydrator puts it in place. An event, not an import: the hydrator imports
 * every island, so an island importing the hydrator would close a cycle.
 */
export const SERVER_HTML_EVENT = 'agency:server-html';

/**
 * Marks the stylesheet of what only a script shows, which the boot script links after the first
 * paint (docs/decisions/357); the hydrator waits for it, so no dialog opens unstyled.
 */
export const AFTER_PAINT_CSS_ATTR = 'data-after-paint';

/** A window event (detail: the new count) the alert list sends and the top bar's bell hears. */
export const ALERTS_CHANGED_EVENT = 'agency:alerts-changed';
