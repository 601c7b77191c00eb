/**
 * The spine of the deterministic demo agency that both mock services are generated from:
 * which projects exist (in Forecast, and in Jira when linked) and who works there. The Jira
 * and Forecast generators add their own detail from the same seed, so both sides agree.
 */

/** mulberry32: a tiny, fast, seeded PRNG; the same seed always gives the same agency. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)]!;
export const intBetween = (rand: () => number, min: number, max: number) =>
  min + Math.floor(rand() * (max - min + 1));

export type ForecastStage = 'RUNNING' | 'PLANNING' | 'HALTED' | 'DONE';
export type BudgetType = 'FIXED_PRICE' | 'TIME_AND_MATERIALS' | 'RETAINER';

export interface DemoProject {
  /** 0-based position in the agency. */
  index: number;
  name: string;
  forecastId: number;
  companyProjectId: number;
  stage: ForecastStage;
  budgetType: BudgetType;
  /** Project value (Forecast `budget`), in dollars. */
  budget: number;
  /** Jira project key, or null for a project that has no Jira project. */
  jiraKey: string | null;
  /** Weekly retainer periods exist for this project. */
  weeklyRetainer: boolean;
  /** Already on the dashboard (imported, linked and synced) when the demo starts. */
  onDashboard: boolean;
  /** Client hourly rate (dollars). */
  hourlyRate: number;
}

export interface DemoDeveloper {
  index: number;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  /** Jira account id (the atlassian format). */
  accountId: string;
  forecastPersonId: number;
  /** Internal cost per hour today, dollars. */
  costRate: number;
}

export interface DemoSpine {
  seed: number;
  scale: number;
  projects: DemoProject[];
  developers: DemoDeveloper[];
}

// The second name deliberately carries markup: upstream data is untrusted and must render as text.
const PROJECT_NAMES = [
  'Acme Support Retainer',
  'Brightside <Beta> & "Co" Portal',
  'Northwind Mobile App',
  'Globex Checkout Revamp',
  'Initech Reporting Suite',
  'Umbrella Health Platform',
  'Stark Logistics Tracker',
  'Wayne Foundation Website',
  'Hooli Data Migration',
  'Pied Piper Compression API',
  'Soylent Ordering System',
  'Vandelay Import Portal',
];
const STAGES: ForecastStage[] = [
  'RUNNING',
  'RUNNING',
  'RUNNING',
  'RUNNING',
  'RUNNING',
  'RUNNING',
  'PLANNING',
  'RUNNING',
  'HALTED',
  'RUNNING',
  'DONE',
  'PLANNING',
];
const FIRST = [
  'Mia',
  'Lena',
  'Omar',
  'Priya',
  'Jonas',
  'Chloe',
  'Mateo',
  'Aiko',
  'Sam',
  'Noah',
  'Zara',
  'Ivan',
  'Grace',
  'Tariq',
  'Elena',
];
const LAST = [
  'Chen',
  'Ortiz',
  'Haddad',
  'Raman',
  'Berg',
  'Martin',
  'Silva',
  'Tanaka',
  "O'Neill",
  'Kowalski',
  'Ahmed',
  'Petrov',
  'Hopper',
  'Aziz',
  'Rossi',
];

function jiraKeyFor(name: string, index: number, round: number): string {
  const letters = name
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 4);
  return round === 0
    ? letters.padEnd(2, 'X')
    : `${letters.slice(0, 3)}${String.fromCharCode(65 + ((index + round) % 26))}`;
}

/** The agency for a seed and a scale: 12 projects and 15 developers per unit of scale. */
export function createDemoSpine({
  seed = 20261121,
  scale = 1,
}: {
  seed?: number;
  scale?: number;
} = {}): DemoSpine {
  const rand = seededRandom(seed);
  const projects: DemoProject[] = [];
  const usedKeys = new Set<string>();
  for (let i = 0; i < 12 * scale; i++) {
    const base = PROJECT_NAMES[i % PROJECT_NAMES.length]!;
    const name =
      i < PROJECT_NAMES.length ? base : `${base} ${Math.floor(i / PROJECT_NAMES.length) + 1}`;
    const stage = STAGES[i % STAGES.length]!;
    const budgetType: BudgetType =
      i % 4 === 0 ? 'RETAINER' : i % 4 === 2 ? 'TIME_AND_MATERIALS' : 'FIXED_PRICE';
    const hasJira = i % 6 !== 5;
    let key: string | null = null;
    if (hasJira) {
      for (let round = 0; !key || usedKeys.has(key); round++) key = jiraKeyFor(base, i, round);
      usedKeys.add(key);
    }
    projects.push({
      index: i,
      name,
      forecastId: 4000 + i * 7 + 1,
      companyProjectId: 50 + i,
      stage,
      budgetType,
      // Sized to about six months of billing, so Sent % and Paid % read as progress through the project.
      budget: Math.round((200_000 + rand() * 400_000) / 100) * 100,
      jiraKey: key,
      weeklyRetainer: budgetType === 'RETAINER',
      onDashboard: stage === 'RUNNING' && hasJira && i % 12 < 8,
      hourlyRate: 120 + Math.round(rand() * 8) * 10,
    });
  }
  const developers: DemoDeveloper[] = [];
  for (let i = 0; i < 15 * scale; i++) {
    const firstName = FIRST[i % FIRST.length]!;
    const lastName =
      LAST[(i * 7) % LAST.length]! +
      (i >= FIRST.length ? ` ${Math.floor(i / FIRST.length) + 1}` : '');
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    developers.push({
      index: i,
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
      email: `${firstName}.${lastName.replace(/[^A-Za-z0-9]/g, '')}@agency.test`.toLowerCase(),
      accountId: `5f1a2b3c${hex(seed % 0xffffffff)}${hex(i + 1)}`,
      forecastPersonId: 100 + i,
      costRate: 45 + Math.round(rand() * 9) * 5,
    });
  }
  return { seed, scale, projects, developers };
}
