import http from 'node:http';
import https from 'node:https';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { basicAuthHeader } from '../services/jira/client';
import { createIntegrations, DEMO_JIRA } from '../services/integrations';
import { startDemoMocks } from './mocks';

// What Node's HTTP stack is before any demo mock exists: MSW's interceptors replace these.
const originals = () => ({
  fetch: globalThis.fetch,
  Request: globalThis.Request,
  Response: globalThis.Response,
  Headers: globalThis.Headers,
  httpRequest: http.request,
  httpGet: http.get,
  ClientRequest: http.ClientRequest,
  httpsRequest: https.request,
  httpsGet: https.get,
});
const before = originals();

const demoConfig = loadConfig({ NODE_ENV: 'test' });
const myselfUrl = `${DEMO_JIRA.baseUrl}/rest/api/3/myself`;
const demoAuth = { Authorization: basicAuthHeader(DEMO_JIRA.email, DEMO_JIRA.apiToken) };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the demo mocks (docs/decisions/235)', () => {
  it('answer the demo clients through their fetch and patch nothing global', async () => {
    const mocks = startDemoMocks(demoConfig, new Date(), { onUnhandledRequest: 'error' });
    try {
      const { jira, forecast } = createIntegrations(demoConfig, { demoFetch: mocks.fetch });
      expect((await jira.listProjects()).length).toBeGreaterThan(0);
      expect((await forecast.listProjects()).length).toBeGreaterThan(0);
      expect(mocks.calls.Jira).toBeGreaterThan(0);
      expect(mocks.calls.Forecast).toBeGreaterThan(0);

      for (const [name, value] of Object.entries(originals()))
        expect(value, name).toBe(before[name as keyof typeof before]);

      // Plain fetch goes to the network (which may not be there): never the mocks' answer.
      const plain = await globalThis
        .fetch(myselfUrl, { headers: demoAuth, signal: AbortSignal.timeout(5_000) })
        .then(
          (res) => res.text(),
          () => '',
        );
      expect(plain).not.toContain(DEMO_JIRA.email);

      mocks.resetCalls();
      expect(mocks.calls).toEqual({ Jira: 0, Forecast: 0, Pipedrive: 0 });
    } finally {
      mocks.close();
    }
  });

  it('are never given to the client of a service with credentials', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JIRA_BASE_URL: 'https://acme.atlassian.net',
      JIRA_EMAIL: 'pm@acme.test',
      JIRA_API_TOKEN: 'real-token',
    });
    const mocks = startDemoMocks(config, new Date(), { onUnhandledRequest: 'error' });
    const demoFetch = vi.fn(mocks.fetch);
    const network = vi.fn<typeof fetch>(async () =>
      Response.json({ accountId: 'a1', displayName: 'PM', emailAddress: 'pm@acme.test' }),
    );
    const { jira, forecast } = createIntegrations(config, { fetch: network, demoFetch });

    expect((await jira.myself()).emailAddress).toBe('pm@acme.test');
    expect(network).toHaveBeenCalledTimes(1);
    expect(String(network.mock.calls[0]![0])).toMatch(/^https:\/\/acme\.atlassian\.net\//);
    expect(demoFetch).not.toHaveBeenCalled();

    expect((await forecast.listProjects()).length).toBeGreaterThan(0);
    expect(network).toHaveBeenCalledTimes(1);
    expect(mocks.calls).toEqual({ Jira: 0, Forecast: 1, Pipedrive: 0 });

    // Nor do the mocks answer the demo Jira site for it.
    await expect(mocks.fetch(myselfUrl, { headers: demoAuth })).rejects.toThrow(
      /no answer for GET https:\/\/demo-agency\.atlassian\.net\/rest\/api\/3\/myself/,
    );
  });

  it('pass a request no handler answers to the network, or fail it, as asked', async () => {
    const unknown = `${DEMO_JIRA.baseUrl}/rest/api/3/no-such-resource`;
    const failing = startDemoMocks(demoConfig, new Date(), { onUnhandledRequest: 'error' });
    await expect(failing.fetch(unknown, { headers: demoAuth })).rejects.toThrow(
      `The demo mocks have no answer for GET ${unknown}`,
    );

    const network = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('from the network', { status: 418 }));
    const bypassing = startDemoMocks(demoConfig, new Date(), { onUnhandledRequest: 'bypass' });
    const res = await bypassing.fetch(unknown, {
      method: 'POST',
      headers: demoAuth,
      body: '{"a":1}',
    });
    expect(res.status).toBe(418);
    const sent = network.mock.calls[0]![0] as Request;
    expect(sent.url).toBe(unknown);
    expect(await sent.text()).toBe('{"a":1}');
    expect(bypassing.calls.Jira).toBe(1);
  });

  it('answer as fetch would to an aborted request, and refuse every request once closed', async () => {
    const mocks = startDemoMocks(demoConfig, new Date());
    await expect(
      mocks.fetch(myselfUrl, { headers: demoAuth, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });

    const res = await mocks.fetch(myselfUrl, { headers: demoAuth });
    expect(await res.json()).toMatchObject({ emailAddress: DEMO_JIRA.email });

    const network = vi.spyOn(globalThis, 'fetch');
    mocks.close();
    await expect(mocks.fetch(myselfUrl, { headers: demoAuth })).rejects.toThrow(
      'The demo mocks are closed',
    );
    expect(network).not.toHaveBeenCalled();
  });
});
