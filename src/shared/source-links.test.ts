import { describe, expect, it } from 'vitest';
import { jiraBrowseUrl, jiraSprintUrl, pipedriveDealUrl } from './source-links';

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
