/** Attribute and tag names shared by the server's island wrapper and the client hydrator. */
export const ISLAND_TAG = 'app-island';
export const ISLAND_NAME_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-props';
export const ISLAND_HYDRATED_ATTR = 'data-hydrated';
