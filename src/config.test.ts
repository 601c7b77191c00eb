import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults to port 3000 on localhost, demo mode for both services, UTC', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      AGENCY_TIMEZONE: 'UTC',
      jiraDemo: true,
      forecastDemo: true,
      FORECAST_BASE_URL: 'https://api.forecast.it',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('keeps costs in USD unless COMPANY_CURRENCY names another known currency', () => {
    expect(loadConfig({}).COMPANY_CURRENCY).toBe('USD');
    expect(loadConfig({ COMPANY_CURRENCY: ' aud ' }).COMPANY_CURRENCY).toBe('AUD');
    expect(() => loadConfig({ COMPANY_CURRENCY: 'dollars' })).toThrow(
      /COMPANY_CURRENCY: must be a three-letter currency code/,
    );
  });

  it('takes public holidays from a known country and region, none when unset', () => {
    expect(loadConfig({}).publicHolidays).toBeNull();
    expect(
      loadConfig({ PUBLIC_HOLIDAYS_COUNTRY: ' gb ', PUBLIC_HOLIDAYS_REGION: 'eng' }).publicHolidays,
    ).toEqual({ country: 'GB', region: 'ENG' });
    expect(loadConfig({ PUBLIC_HOLIDAYS_COUNTRY: 'US' }).publicHolidays).toEqual({
      country: 'US',
      region: null,
    });
    expect(() => loadConfig({ PUBLIC_HOLIDAYS_COUNTRY: 'Narnia' })).toThrow(
      /PUBLIC_HOLIDAYS_COUNTRY: "NARNIA" is not a country code/,
    );
    expect(() =>
      loadConfig({ PUBLIC_HOLIDAYS_COUNTRY: 'GB', PUBLIC_HOLIDAYS_REGION: 'Mordor' }),
    ).toThrow(/PUBLIC_HOLIDAYS_REGION: "MORDOR" is not a region of GB/);
    expect(() => loadConfig({ PUBLIC_HOLIDAYS_REGION: 'ENG' })).toThrow(
      /PUBLIC_HOLIDAYS_REGION needs PUBLIC_HOLIDAYS_COUNTRY/,
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ AGENCY_TIMEZONE: 'Mars/Olympus' })).toThrow(
      /AGENCY_TIMEZONE: must be an IANA time zone/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('turns demo mode off per service when that service has credentials', () => {
    const c = loadConfig({ FORECAST_API_KEY: 'k' });
    expect(c.forecastDemo).toBe(false);
    expect(c.jiraDemo).toBe(true);
  });

  it('refuses half-set Jira credentials instead of silently falling back to the demo', () => {
    expect(() => loadConfig({ JIRA_API_TOKEN: 't' })).toThrow(
      /JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN must be set together/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(
      loadConfig({ DATABASE_URL: '', JIRA_API_TOKEN: '', JIRA_EMAIL: '', JIRA_BASE_URL: '' })
        .jiraDemo,
    ).toBe(true);
  });
});
