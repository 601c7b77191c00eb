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
import m0100 from '../../sql/0100_email_proven.sql';
import m0101 from '../../sql/0101_oidc_login_attempt.sql';
import m0110 from '../../sql/0110_roster.sql';
import m0111 from '../../sql/0111_tracked_story_points.sql';
import m0112 from '../../sql/0112_availability_confirmed.sql';
import m0115 from '../../sql/0115_utilisation_targets.sql';
import m0116 from '../../sql/0116_forecast_time_off_types.sql';
import m0120 from '../../sql/0120_webhook_inbox.sql';
import m0130 from '../../sql/0130_deal_plan.sql';
import m0131 from '../../sql/0131_deal_add_time.sql';
import m0150 from '../../sql/0150_share_links.sql';
import m0170 from '../../sql/0170_pipedrive_organizations.sql';
import m0171 from '../../sql/0171_forecast_clients.sql';
import m0180 from '../../sql/0180_time_off_registrations_index.sql';
import m0200 from '../../sql/0200_delivery_applies.sql';

/**
 * Every migration in the order it is applied. Files in sql/ are append-only: add a new one with
 * the next free number at the end of the list, never edit an applied one. The list goes up by
 * number with two historical exceptions, 0040 after 0050 and after 0060: 0040 was merged after
 * databases had applied them, so it stays where those databases met it (migrations.test.ts).
 */
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
  { name: '0040_user_preferences', sql: m0040 },
  { name: '0070_forecast_time_costs', sql: m0070 },
  { name: '0080_cost_rate_on', sql: m0080 },
  { name: '0081_oidc_identities', sql: m0081 },
  { name: '0082_database_mode', sql: m0082 },
  { name: '0083_capacity', sql: m0083 },
  { name: '0088_forecast_company_project_id', sql: m0088 },
  { name: '0089_epic_tickets', sql: m0089 },
  { name: '0090_invoice_currency', sql: m0090 },
  { name: '0100_email_proven', sql: m0100 },
  { name: '0101_oidc_login_attempt', sql: m0101 },
  { name: '0110_roster', sql: m0110 },
  { name: '0111_tracked_story_points', sql: m0111 },
  { name: '0112_availability_confirmed', sql: m0112 },
  { name: '0115_utilisation_targets', sql: m0115 },
  { name: '0116_forecast_time_off_types', sql: m0116 },
  { name: '0120_webhook_inbox', sql: m0120 },
  { name: '0130_deal_plan', sql: m0130 },
  { name: '0131_deal_add_time', sql: m0131 },
  { name: '0150_share_links', sql: m0150 },
  { name: '0170_pipedrive_organizations', sql: m0170 },
  { name: '0171_forecast_clients', sql: m0171 },
  { name: '0180_time_off_registrations_index', sql: m0180 },
  { name: '0200_delivery_applies', sql: m0200 },
];
