import { describe, expect, it } from 'vitest';
import { forecastProjectUrl, jiraBrowseUrl, jiraSprintUrl, pipedriveDealUrl } from './source-links';

describe('links into the Jira site', () => {
  it('browse an issue, epic or project by its key', () => {
    expect(jiraBrowseUrl('https://acme.atlassian.net', 'ASR-12')).toBe(
      'https://acme.atlassian.net/browse/ASR-12',
    );
    expect(jiraBrowseUrl('https://acme.atlassian.net/', 'ASR')).toBe(
      'https://acme.atlassian.net/browse/ASR',
    );
  });

  it('find a sprint’s issues by its name, quotes escaped', () => {
    const url = new URL(jiraSprintUrl('https://acme.atlassian.net', 'ASR', 'Sprint "7"'));
    expect(url.pathname).toBe('/issues/');
    expect(url.searchParams.get('jql')).toBe('project = "ASR" AND sprint = "Sprint \\"7\\""');
  });
});

describe('links into the Pipedrive site', () => {
  it('open a deal by its id', () => {
    expect(pipedriveDealUrl('https://acme.pipedrive.com', 42)).toBe(
      'https://acme.pipedrive.com/deal/42',
    );
    expect(pipedriveDealUrl('https://acme.pipedrive.com/', 7)).toBe(
      'https://acme.pipedrive.com/deal/7',
    );
  });
});

describe('links into Forecast', () => {
  it('open a project by its P-number, not the API id', () => {
    expect(forecastProjectUrl('https://app.forecast.it', 57)).toBe(
      'https://app.forecast.it/project/P-57/workflow',
    );
    expect(forecastProjectUrl('https://demo-agency.forecast.it/', 3)).toBe(
      'https://demo-agency.forecast.it/project/P-3/workflow',
    );
  });
});
