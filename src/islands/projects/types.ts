/**
 * The JSON the detail modal reads (spec section 3), as our API sends it. The server builds
 * these from stored data; the types here are what the browser relies on.
 */
export interface JiraSprint {
  id?: number;
  state: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  goal: string | null;
  totalTickets: number;
  completedTickets: number;
  descopedTickets: number;
  blockedTickets: number;
}

export interface JiraEpic {
  key: string;
  name: string;
  status: { name: string };
  tickets: number;
  completedTickets: number;
  completionPercentage: number;
}

export interface JiraOverview {
  totalTickets: number;
  completedTickets: number;
  tickets?: { status: { name: string } }[];
  ticketsByStatus: Record<string, number>;
  sprints: JiraSprint[];
  epics: JiraEpic[];
}

export interface RetainerPeriod {
  id: number;
  period_number: number;
  status: string;
  start_date: string;
  end_date: string;
  target_amount: number;
  actual_amount: number;
  actual_billable_minutes: number;
}

export interface ForecastProjectItem {
  id: number;
  name: string;
  stage: string;
}
