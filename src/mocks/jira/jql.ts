/**
 * Just enough JQL for the demo Jira: what the dashboard's client sends, and nothing it would
 * have to guess. Clauses joined by AND on project, key, issuetype, updated and created, then an
 * optional ORDER BY. Anything else is a JqlError, which the handler answers as Jira does: 400
 * with an ErrorCollection.
 */

export class JqlError extends Error {
  override name = 'JqlError';
}

export type JqlField = 'project' | 'key' | 'issuetype' | 'updated' | 'created';
export type JqlClause =
  | { field: 'project' | 'key' | 'issuetype'; not: boolean; values: string[] }
  | { field: 'updated' | 'created'; op: '>=' | '>' | '<=' | '<'; at: Date };
export interface JqlQuery {
  clauses: JqlClause[];
  orderBy: { field: 'key' | 'updated' | 'created'; direction: 'ASC' | 'DESC' }[];
}

type Token = { kind: 'word' | 'string' | 'op' | 'paren' | 'comma'; value: string; at: number };

const FIELD_ALIASES: Record<string, JqlField> = {
  project: 'project',
  key: 'key',
  issuekey: 'key',
  issue: 'key',
  issuetype: 'issuetype',
  type: 'issuetype',
  updated: 'updated',
  updateddate: 'updated',
  created: 'created',
  createddate: 'created',
};

function tokenize(jql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < jql.length) {
    const c = jql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      let value = '';
      let j = i + 1;
      while (j < jql.length && jql[j] !== c) {
        if (jql[j] === '\\' && j + 1 < jql.length) j++;
        value += jql[j];
        j++;
      }
      if (j >= jql.length)
        throw new JqlError(
          `Error in the JQL Query: The quoted string starting at character ${i + 1} is not closed.`,
        );
      tokens.push({ kind: 'string', value, at: i });
      i = j + 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: 'paren', value: c, at: i++ });
    } else if (c === ',') {
      tokens.push({ kind: 'comma', value: c, at: i++ });
    } else if (/[=!<>~]/.test(c)) {
      const two = jql.slice(i, i + 2);
      const op = ['>=', '<=', '!=', '!~'].includes(two) ? two : c;
      tokens.push({ kind: 'op', value: op, at: i });
      i += op.length;
    } else {
      const match = /^[A-Za-z0-9_\-./:[\]]+/.exec(jql.slice(i));
      if (!match)
        throw new JqlError(
          `Error in the JQL Query: The character '${c}' is a reserved JQL character. (line 1, character ${i + 1})`,
        );
      tokens.push({ kind: 'word', value: match[0], at: i });
      i += match[0].length;
    }
  }
  return tokens;
}

/** "2025/06/04", "2025-06-04 09:12" (in the Jira user's zone: UTC here) or relative "-7d", "-2w", "-4h", "-30m". */
export function parseJqlDate(value: string, now: Date): Date {
  const relative = /^([+-]?\d+)([wdhm])$/.exec(value.trim());
  if (relative) {
    const unit = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000 }[
      relative[2] as 'w' | 'd' | 'h' | 'm'
    ];
    return new Date(now.getTime() + Number(relative[1]) * unit);
  }
  const absolute = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?: (\d{1,2}):(\d{2}))?$/.exec(value.trim());
  if (absolute) {
    const [, y, mo, d, h = '0', mi = '0'] = absolute;
    const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
    if (date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d)) return date;
  }
  throw new JqlError(
    `Date value '${value}' for field 'updated' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.`,
  );
}

export function parseJql(jql: string, now: Date): JqlQuery {
  const tokens = tokenize(jql);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (t: Token | undefined, word: string) =>
    t?.kind === 'word' && t.value.toLowerCase() === word;
  const unexpected = (t: Token | undefined, expecting: string): never => {
    throw new JqlError(
      t
        ? `Error in the JQL Query: Expecting ${expecting} but got '${t.value}'. (line 1, character ${t.at + 1})`
        : `Error in the JQL Query: Expecting ${expecting} before the end of the query.`,
    );
  };

  const clauses: JqlClause[] = [];
  const orderBy: JqlQuery['orderBy'] = [];

  const value = (): string => {
    const t = tokens[pos];
    if (t?.kind === 'word' || t?.kind === 'string') {
      pos++;
      return t.value;
    }
    return unexpected(t, 'either a value, list or function');
  };
  const list = (): string[] => {
    if (peek()?.value !== '(') return unexpected(peek(), "'('");
    pos++;
    const values = [value()];
    while (peek()?.kind === 'comma') {
      pos++;
      values.push(value());
    }
    if (peek()?.value !== ')') return unexpected(peek(), "')'");
    pos++;
    return values;
  };

  const clause = (): JqlClause => {
    const t = tokens[pos];
    if (t?.kind !== 'word' && t?.kind !== 'string') return unexpected(t, 'a field name');
    const field = FIELD_ALIASES[t.value.toLowerCase()];
    if (!field)
      throw new JqlError(
        `Field '${t.value}' does not exist or you do not have permission to view it.`,
      );
    pos++;
    const op = peek();
    if (field === 'updated' || field === 'created') {
      if (op?.kind !== 'op' || !['>=', '>', '<=', '<'].includes(op.value))
        return unexpected(op, "one of '>=', '>', '<=', '<'");
      pos++;
      return { field, op: op.value as '>=' | '>' | '<=' | '<', at: parseJqlDate(value(), now) };
    }
    if (op?.kind === 'op' && (op.value === '=' || op.value === '!=')) {
      pos++;
      return { field, not: op.value === '!=', values: [value()] };
    }
    if (isWord(op, 'in')) {
      pos++;
      return { field, not: false, values: list() };
    }
    if (isWord(op, 'not') && isWord(tokens[pos + 1], 'in')) {
      pos += 2;
      return { field, not: true, values: list() };
    }
    return unexpected(op, "one of '=', '!=', 'in' or 'not in'");
  };

  if (pos < tokens.length && !isWord(peek(), 'order')) {
    clauses.push(clause());
    while (isWord(peek(), 'and')) {
      pos++;
      clauses.push(clause());
    }
  }
  if (isWord(peek(), 'order')) {
    pos++;
    if (!isWord(peek(), 'by')) unexpected(peek(), "'by'");
    pos++;
    do {
      if (orderBy.length > 0) pos++;
      const t = tokens[pos];
      const field = t && FIELD_ALIASES[t.value.toLowerCase()];
      if (field !== 'key' && field !== 'updated' && field !== 'created') {
        throw new JqlError(
          `Error in the JQL Query: the demo Jira orders only by key, updated or created, not '${t?.value ?? ''}'.`,
        );
      }
      pos++;
      let direction: 'ASC' | 'DESC' = 'ASC';
      if (isWord(peek(), 'asc') || isWord(peek(), 'desc'))
        direction = tokens[pos++]!.value.toUpperCase() as 'ASC' | 'DESC';
      orderBy.push({ field, direction });
    } while (peek()?.kind === 'comma');
  }
  if (pos < tokens.length) unexpected(peek(), "'AND' or 'ORDER BY'");
  if (clauses.length === 0) {
    throw new JqlError(
      'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
    );
  }
  if (orderBy.length > 7)
    throw new JqlError('Error in the JQL Query: at most 7 ORDER BY fields are allowed.');
  return { clauses, orderBy };
}
