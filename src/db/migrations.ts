import m0001 from '../../sql/0001_initial.sql';
import m0002 from '../../sql/0002_jira.sql';
import m0003 from '../../sql/0003_forecast.sql';
import m0010 from '../../sql/0010_sync_runs.sql';
import m0020 from '../../sql/0020_sign_in_limits.sql';
import m0021 from '../../sql/0021_history_kept.sql';
import m0022 from '../../sql/0022_audit_log.sql';
import m0023 from '../../sql/0023_password_resets.sql';
import m0050 from '../../sql/0050_dev_status.sql';
import m0060 from '../../sql/0060_alerts.sql';
import m0040 from '../../sql/0040_user_preferences.sql';
import m0070 from '../../sql/0070_forecast_time_costs.sql';
import m0080 from '../../sql/0080_cost_rate_on.sql';
import m0081 from '../../sql/0081_oidc_identities.sql';
import m0082 from '../../sql/0082_database_mode.sql';
import m0083 from '../../sql/0083_capacity.sql';
import m0088 from '../../sql/0088_forecast_company_project_id.sql';
import m0089 from '../../sql/0089_epic_tickets.sql';
import m0090 from '../../sql/0090_invoice_currency.sql';

/** Every migration in order. Files in sql/ are append-only: add a new one, never edit an applied one. */
export const migrations: readonly { name: string; sql: string }[] = [
  { name: '0001_initial', sql: m0001 },
  { name: '0002_jira', sql: m0002 },
  { name: '0003_forecast', sql: m0003 },
  { name: '0010_sync_runs', sql: m0010 },
  { name: '0020_sign_in_limits', sql: m0020 },
  { name: '0021_history_kept', sql: m0021 },
  { name: '0022_audit_log', sql: m0022 },
  { name: '0023_password_resets', sql: m0023 },
  { name: '0050_dev_status', sql: m0050 },
  { name: '0060_alerts', sql: m0060 },
  // Appended after 0050 and 0060, which were applied first: the list, not the number, is the order.
  { name: '0040_user_preferences', sql: m0040 },
  { name: '0070_forecast_time_costs', sql: m0070 },
  { name: '0080_cost_rate_on', sql: m0080 },
  { name: '0081_oidc_identities', sql: m0081 },
  { name: '0082_database_mode', sql: m0082 },
  { name: '0083_capacity', sql: m0083 },
  { name: '0088_forecast_company_project_id', sql: m0088 },
  { name: '0089_epic_tickets', sql: m0089 },
  { name: '0090_invoice_currency', sql: m0090 },
];
