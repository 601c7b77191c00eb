import type { Db } from '../../db/port';

/**
 * A small agency, hand-sized so every total in the tests can be worked out on paper.
 * The week under test is Monday 2026-11-16 to Sunday 2026-11-22.
 *
 * People (internal cost per hour):
 *   101 Mia Chen     $50 until Tue 2026-11-17, $70 from Wed 2026-11-18 (a mid-week change)
 *   102 Omar Haddad  no cost periods, own cost $80
 *   103 Lena Ortiz   no cost periods, no own cost: the $100 default
 *
 * Projects (Forecast id): 4001 Acme Support Retainer (dashboard), 4002 Globex Checkout Revamp
 * (dashboard, Billing Blocked, only Lena's time), 4003 Initech R&D (Forecast only),
 * 4004 Hooli Data Migration (dashboard, hidden), 4005 Wayne Foundation Website (dashboard, no
 * time), and Stark Logistics Tracker (dashboard, not linked to Forecast).
 */
export async function insertAgencyFixture(db: Db): Promise<void> {
  const synced = '2026-11-20T09:00:00Z';
  await db.query(
    `INSERT INTO forecast_persons (id, first_name, last_name, email, active, cost, synced_at) VALUES
       (101, 'Mia', 'Chen', 'mia@agency.test', true, 70, $1),
       (102, 'Omar', 'Haddad', 'omar@agency.test', true, 80, $1),
       (103, 'Lena', 'Ortiz', 'lena@agency.test', true, NULL, $1)`,
    [synced],
  );
  await db.query(
    `INSERT INTO forecast_person_cost_periods (id, person_id, start_date, end_date, cost) VALUES
       (1, 101, NULL, '2026-11-17', 50),
       (2, 101, '2026-11-18', NULL, 70)`,
  );
  await db.query(
    `INSERT INTO forecast_projects (id, name, stage, synced_at) VALUES
       (4001, 'Acme Support Retainer', 'RUNNING', $1),
       (4002, 'Globex Checkout Revamp', 'RUNNING', $1),
       (4003, 'Initech R&D', 'RUNNING', $1),
       (4004, 'Hooli Data Migration', 'RUNNING', $1),
       (4005, 'Wayne Foundation Website', 'PLANNING', $1)`,
    [synced],
  );
  await db.query(
    `INSERT INTO projects (name, dev_status, forecast_project_id, forecast_total_invoiced, forecast_total_paid, visible) VALUES
       ('Acme Support Retainer', 'Active', 4001, 12000, 4000, 1),
       ('Globex Checkout Revamp', 'Billing Blocked', 4002, 50, 0, 1),
       ('Hooli Data Migration', 'Active', 4004, 900, 900, 0),
       ('Wayne Foundation Website', 'Active', 4005, 0, 0, 1),
       ('Stark Logistics Tracker', 'Active', NULL, 0, 0, 1)`,
  );
  await db.query(
    `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, notes, updated_at) VALUES
       (1, 101, 4001, '2026-11-16', 120, 'Sprint planning', $1),
       (2, 101, 4001, '2026-11-18', 90, NULL, $1),
       (3, 102, 4001, '2026-11-17', 60, '   ', $1),
       (4, 103, 4002, '2026-11-22', 45, 'Weekend hotfix', $1),
       (5, 102, 4003, '2026-11-20', 30, '<script>alert(1)</script>', $1),
       (6, 101, NULL, '2026-11-19', 480, 'Vacation', $1),
       (7, 101, 4001, '2026-11-15', 60, 'Last Sunday', $1),
       (8, 101, 4001, '2026-11-23', 60, 'Next Monday', $1),
       (9, 102, 4004, '2026-11-19', 60, NULL, $1)`,
    [synced],
  );
  await db.query(
    `INSERT INTO forecast_invoices (invoice_id, forecast_project_id, invoice_date, status, amount, paid) VALUES
       (1, 4001, '2026-11-16', 'SENT', 1500.50, 0),
       (2, 4002, '2026-11-22', 'APPROVED', 999.49, 0),
       (3, 4001, '2026-11-18', 'DRAFT', 5000, 0),
       (4, 4003, '2026-11-23', 'SENT', 700, 0),
       (5, 4001, '2026-11-15', 'SENT', 300, 300)`,
  );
}
