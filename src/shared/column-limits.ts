/**
 * The largest values the database columns hold (sql/), so that an upstream value beyond them is
 * refused at the door by the schemas instead of failing a whole write (docs/decisions/271).
 */

/** numeric(10, 2): a project's value and billing totals, people's costs. */
export const MAX_AMOUNT = 99_999_999.99;
/** numeric(8, 2): a project's hourly rate. */
export const MAX_HOURLY_RATE = 999_999.99;
/** integer: ids and minutes. */
export const MAX_INTEGER = 2_147_483_647;
