/**
 * The shapes of the Jira responses we read, written from docs/reference/jira-api.md. Only the
 * fields the dashboard uses are checked; everything else Jira sends is ignored, so an additive
 * change upstream does not break the sync, while a changed type or a missing field we rely on is
 * caught at the door (the client turns it into a 'malformed_response').
 * Optional objects are often null and some keys are simply absent: both are accepted.
 */
import { z } from 'zod';

const text = z.string();

// Users (docs/reference/jira-api.md, "Users")
export const jiraUserSchema = z.object({
  accountId: text,
  accountType: text.nullish(),
  active: z.boolean().nullish(),
  displayName: text.nullish(),
  emailAddress: text.nullish(),
});
export type JiraUserBean = z.infer<typeof jiraUserSchema>;

// Projects (docs/reference/jira-api.md, "List projects")
export const jiraProjectSchema = z.object({ id: text, key: text, name: text });
export type JiraProjectBean = z.infer<typeof jiraProjectSchema>;

/**
 * The offset page bean of /project/search and every agile list (docs/reference/jira-api.md,
 * "The three pagination styles").
 */
export function offsetPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    startAt: z.number().int().nullish(),
    maxResults: z.number().int().nullish(),
    total: z.number().int().nullish(),
    isLast: z.boolean().nullish(),
    values: z.array(item),
  });
}
// Fields (docs/reference/jira-api.md, "Story points — find the custom field")
export const jiraFieldSchema = z.object({
  id: text,
  name: text,
  custom: z.boolean().nullish(),
  schema: z
    .object({ type: text, custom: text.nullish(), system: text.nullish(), items: text.nullish() })
    .nullish(),
});
export type JiraField = z.infer<typeof jiraFieldSchema>;
export const jiraFieldListSchema = z.array(jiraFieldSchema);

// Search (docs/reference/jira-api.md, "JQL search"): issue beans keep `fields` open, since which
// ids matter is discovered at run time.
export const jiraIssueBeanSchema = z.object({
  id: text,
  key: text,
  fields: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((f) => f ?? {}),
});
export type JiraIssueBean = z.infer<typeof jiraIssueBeanSchema>;

// The issue fields we read (docs/reference/jira-api.md, "Issue fields we request"), each checked on
// its own so one odd value names its field.
export const jiraStatusSchema = z.object({
  id: text.nullish(),
  name: text,
  statusCategory: z.object({ key: text }),
});
export const jiraIssueTypeSchema = z.object({
  name: text,
  hierarchyLevel: z.number().int().nullish(),
  subtask: z.boolean().nullish(),
});
export const jiraAssigneeSchema = z
  .object({ accountId: text, displayName: text.nullish() })
  .nullish();
export const jiraParentSchema = z
  .object({
    key: text,
    fields: z.object({ issuetype: jiraIssueTypeSchema.nullish() }).nullish(),
  })
  .nullish();
/** The Sprint field: objects on Cloud; the old "…Sprint@1a2b[id=7,…]" strings are read too. */
export const jiraSprintFieldSchema = z
  .array(z.union([z.object({ id: z.number().int() }), z.string()]))
  .nullish();

// Changelogs (docs/reference/jira-api.md, "Reading the transition date from the changelog").
// `toString` is read by hand: as an object key it would find Object.prototype's.
const changeItemSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const own = (k: string) =>
      Object.hasOwn(value, k) ? (value as Record<string, unknown>)[k] : undefined;
    return {
      field: own('field'),
      fieldId: own('fieldId'),
      from: own('from'),
      fromString: own('fromString'),
      to: own('to'),
      toName: own('toString'),
    };
  },
  z.object({
    field: text.nullish(),
    fieldId: text.nullish(),
    from: text.nullish(),
    fromString: text.nullish(),
    to: text.nullish(),
    toName: text.nullish(),
  }),
);
export const jiraChangelogSchema = z.object({
  id: text,
  // Documented as a date-time string; the spec's own example shows epoch milliseconds.
  created: z.union([text, z.number()]),
  items: z
    .array(changeItemSchema)
    .nullish()
    .transform((i) => i ?? []),
});
/** The changelog an issue event carries: this change's items, under the history's id. */
export const jiraWebhookChangelogSchema = z.object({
  id: z.union([text, z.number()]).transform(String),
  items: z
    .array(changeItemSchema)
    .nullish()
    .transform((i) => i ?? []),
});
/** The bulk changelog's page; its issues' logs are checked one by one (docs/decisions/375). */
export const jiraBulkChangelogPageSchema = z.object({
  issueChangeLogs: z
    .array(z.unknown())
    .nullish()
    .transform((l) => l ?? []),
  nextPageToken: text.nullish(),
});
/** One issue's change histories; each history is checked on its own. */
export const jiraIssueChangeLogSchema = z.object({
  issueId: text,
  changeHistories: z
    .array(z.unknown())
    .nullish()
    .transform((h) => h ?? []),
});

// Agile (docs/reference/jira-api.md, "Agile (Jira Software) API")
export const jiraBoardSchema = z.object({
  id: z.number().int(),
  name: text.nullish(),
  type: text.nullish(),
  location: z
    .object({ projectKey: text.nullish(), projectId: z.number().int().nullish() })
    .nullish(),
});
export type JiraBoard = z.infer<typeof jiraBoardSchema>;
export const jiraSprintSchema = z.object({
  id: z.number().int(),
  state: text,
  name: text,
  startDate: text.nullish(),
  endDate: text.nullish(),
  completeDate: text.nullish(),
  originBoardId: z.number().int().nullish(),
  goal: text.nullish(),
});
export type JiraSprintBean = z.infer<typeof jiraSprintSchema>;
export const jiraBoardConfigurationSchema = z.object({
  id: z.number().int(),
  name: text.nullish(),
  type: text.nullish(),
  estimation: z
    .object({
      type: text.nullish(),
      field: z.object({ fieldId: text, displayName: text.nullish() }).nullish(),
    })
    .nullish(),
});
export type JiraBoardConfiguration = z.infer<typeof jiraBoardConfigurationSchema>;
