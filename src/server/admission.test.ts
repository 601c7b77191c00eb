import { describe, expect, it } from 'vitest';
import { admitInTurn } from './admission';

/** A fetch whose answers the test releases one by one, recording which requests have started. */
function heldFetch() {
  const started: string[] = [];
  const release = new Map<string, (response: Response) => void>();
  const fail = new Map<string, (error: Error) => void>();
  const fetch = (request: Request) =>
    new Promise<Response>((resolve, reject) => {
      const name = new URL(request.url).pathname;
      started.push(name);
      release.set(name, resolve);
      fail.set(name, reject);
    });
  return { fetch, started, release, fail };
}

const ask = (fetch: (request: Request, env: unknown) => unknown, path: string) =>
  fetch(new Request(`http://dashboard.test${path}`), {}) as Promise<Response>;

/** Lets promise callbacks that are already due run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('requests admitted in turn', () => {
  it('reports how many requests wait their turn as the line grows and shrinks', async () => {
    const held = heldFetch();
    const depths: number[] = [];
    const admitted = admitInTurn(held.fetch, { limit: 1, stopsCountingAfterMs: 60_000 }, (n) =>
      depths.push(n),
    );
    const answers = ['/a', '/b', '/c'].map((path) => ask(admitted, path));
    await settle();
    expect(depths).toEqual([1, 2]);
    held.release.get('/a')!(new Response('a'));
    await settle();
    held.release.get('/b')!(new Response('b'));
    await settle();
    held.release.get('/c')!(new Response('c'));
    await Promise.all(answers);
    expect(depths).toEqual([1, 2, 1, 0]);
  });

  it('works on at most the limit at once and starts the rest in the order they arrived', async () => {
    const held = heldFetch();
    const admitted = admitInTurn(held.fetch, { limit: 2, stopsCountingAfterMs: 60_000 });
    const answers = ['/a', '/b', '/c', '/d', '/e'].map((path) => ask(admitted, path));
    await settle();
    expect(held.started).toEqual(['/a', '/b']);

    held.release.get('/b')!(new Response('b'));
    await settle();
    expect(held.started).toEqual(['/a', '/b', '/c']);

    held.release.get('/a')!(new Response('a'));
    held.release.get('/c')!(new Response('c'));
    await settle();
    expect(held.started).toEqual(['/a', '/b', '/c', '/d', '/e']);
    held.release.get('/d')!(new Response('d'));
    held.release.get('/e')!(new Response('e'));
    expect(await Promise.all(answers.map(async (a) => (await a).text()))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('lets the next request start when one fails, and the failure reaches its caller', async () => {
    const held = heldFetch();
    const admitted = admitInTurn(held.fetch, { limit: 1, stopsCountingAfterMs: 60_000 });
    const failing = ask(admitted, '/fails');
    const after = ask(admitted, '/after');
    await settle();
    expect(held.started).toEqual(['/fails']);

    held.fail.get('/fails')!(new Error('database did not answer'));
    await expect(failing).rejects.toThrow('database did not answer');
    await settle();
    expect(held.started).toEqual(['/fails', '/after']);
    held.release.get('/after')!(new Response('after'));
    expect(await (await after).text()).toBe('after');
  });

  it('stops counting a request that runs too long, so the line behind it moves on', async () => {
    const held = heldFetch();
    const admitted = admitInTurn(held.fetch, { limit: 1, stopsCountingAfterMs: 30 });
    const slow = ask(admitted, '/jira-projects');
    const quick = ask(admitted, '/quick');
    await settle();
    expect(held.started).toEqual(['/jira-projects']);

    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(held.started).toEqual(['/jira-projects', '/quick']);
    held.release.get('/quick')!(new Response('quick'));
    expect(await (await quick).text()).toBe('quick');

    // The slow one ending later does not admit a second request beyond the limit.
    const third = ask(admitted, '/third');
    const fourth = ask(admitted, '/fourth');
    await settle();
    expect(held.started).toEqual(['/jira-projects', '/quick', '/third']);
    held.release.get('/jira-projects')!(new Response('projects'));
    await slow;
    await settle();
    expect(held.started).toEqual(['/jira-projects', '/quick', '/third']);
    held.release.get('/third')!(new Response('third'));
    await third;
    await settle();
    expect(held.started.at(-1)).toBe('/fourth');
    held.release.get('/fourth')!(new Response('fourth'));
    await fourth;
  });

  it('answers a long line of waiting requests in order', async () => {
    const order: number[] = [];
    const admitted = admitInTurn(
      async (request) => {
        const n = Number(new URL(request.url).pathname.slice(1));
        order.push(n);
        await settle();
        return new Response(String(n));
      },
      { limit: 3, stopsCountingAfterMs: 60_000 },
    );
    const answers = await Promise.all(
      Array.from({ length: 3000 }, (_, n) => ask(admitted, `/${n}`).then((r) => r.text())),
    );
    expect(order).toEqual(Array.from({ length: 3000 }, (_, n) => n));
    expect(answers).toEqual(Array.from({ length: 3000 }, (_, n) => String(n)));
  });
});
