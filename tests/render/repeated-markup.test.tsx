import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SyncButton from '../../src/islands/SyncButton';
import TeamSelector from '../../src/islands/TeamSelector';
import { Gauge } from '../../src/components/Gauge';
import { ProgressBar } from '../../src/components/ProgressBar';
import { createIslandRender, Island, IslandCollector, islandMarkup } from '../../src/render/Island';
import { escapeHtml } from '../../src/shared/escape-html';
import { RepeatedMarkup } from '../../src/render/repeated';

const HOSTILE = `Brightside <Beta> & "Co" 'Portal' </li><script>alert(1)</script>`;

let renders = 0;
function Labelled({ name, count, loud }: { name: string; count: number; loud: boolean }) {
  renders++;
  const id = useId();
  return (
    <p id={id} aria-label={`Team of ${name}`}>
      {loud ? 'LOUD' : 'quiet'}
      {name}
      <span>{count}</span>
    </p>
  );
}

describe('markup of a component repeated many times on a page', () => {
  it('is what React renders for each instance, hostile text escaped the same way', () => {
    const repeated = new RepeatedMarkup();
    for (const name of ['Acme', HOSTILE, '']) {
      const own = repeated.render(Labelled, { loud: true }, { name, count: 3 });
      const expected = renderToString(<Labelled name={name} count={3} loud />, {
        identifierPrefix: '',
      });
      expect(own).toBe(expected);
    }
  });

  it('renders each shape once and fills in the rest', () => {
    const repeated = new RepeatedMarkup();
    renders = 0;
    for (let i = 0; i < 50; i++)
      repeated.render(Labelled, { loud: i % 2 === 0 }, { name: `P${i}`, count: i });
    expect(renders).toBe(2);
  });

  it('gives the ids each instance makes its own prefix', () => {
    const repeated = new RepeatedMarkup();
    const a = repeated.render(
      Labelled,
      { loud: true },
      { name: 'A', count: 1 },
      { idPrefix: 'p1-' },
    );
    const b = repeated.render(
      Labelled,
      { loud: true },
      { name: 'B', count: 1 },
      { idPrefix: 'p2-' },
    );
    const idOf = (html: string) => /id="([^"]+)"/.exec(html)![1];
    expect(idOf(a)).not.toBe(idOf(b));
    expect(idOf(a)).toContain('p1-');
  });

  it('renders the portfolio gauge and bars as React does', () => {
    const repeated = new RepeatedMarkup();
    const label = `${HOSTILE}: tickets completed`;
    expect(repeated.render(Gauge, { percent: 81, tone: 'blue' }, { label })).toBe(
      renderToString(<Gauge percent={81} tone="blue" label={label} />),
    );
    expect(repeated.render(ProgressBar, { percent: 140, tone: 'cyan' }, { label })).toBe(
      renderToString(<ProgressBar percent={140} tone="cyan" label={label} />),
    );
  });
});

describe('an island inside markup built as a string', () => {
  // What the browser hydrates must be what Island renders, or React would throw the markup away.
  // Ids need only be unique on the page (the next test); each instance's differs from React's.
  const viaIsland = (element: React.ReactElement) =>
    withoutIds(
      renderToString(
        <IslandCollector.Provider value={createIslandRender()}>{element}</IslandCollector.Provider>,
      ),
    );
  // The same attribute in the browser: props in single quotes (fewer escapes) or in double.
  const withoutIds = (html: unknown) =>
    String(html)
      .replace(/ (id|aria-describedby)="[^"]*"/g, ' $1=""')
      .replace(
        / data-props='([^']*)'/,
        (_, json: string) => ` data-props="${escapeHtml(decode(json))}"`,
      );
  const decode = (attribute: string) =>
    attribute.replace(
      /&(amp|#x27|lt|gt);/g,
      (e) => ({ '&amp;': '&', '&#x27;': "'", '&lt;': '<', '&gt;': '>' })[e]!,
    );

  it.each(['admin', 'user'] as const)('is the team selector Island renders, for a %s', (role) => {
    const props = { projectId: 7, projectName: HOSTILE, teamName: 'Team 2' as const, role };
    const render = createIslandRender();
    const own = islandMarkup(
      render,
      'TeamSelector',
      TeamSelector,
      props,
      ['projectId', 'projectName'],
      '',
    );
    expect(withoutIds(own)).toBe(
      viaIsland(<Island name="TeamSelector" component={TeamSelector} props={props} />),
    );
    expect(render.used).toEqual(new Set(['TeamSelector']));
  });

  it("gives a card's two islands ids of their own", () => {
    const render = createIslandRender();
    const props = { projectId: 7, projectName: 'Acme', role: 'user' as const };
    const team = islandMarkup(
      render,
      'TeamSelector',
      TeamSelector,
      { ...props, teamName: null },
      ['projectId', 'projectName'],
      'p7-',
    );
    const sync = islandMarkup(
      render,
      'SyncButton',
      SyncButton,
      { ...props, lastForecastSync: null, stale: true },
      ['projectId', 'projectName'],
      'p7-',
    );
    const ids = [...`${team}${sync}`.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it.each([
    [true, '2026-11-20T10:00:00.000Z'],
    [false, '2026-11-20T10:00:00.000Z'],
    [true, null],
  ])(
    'is the Sync Billing button Island renders, stale: %s, last sync %s',
    (stale, lastForecastSync) => {
      const props = {
        projectId: 7,
        projectName: HOSTILE,
        lastForecastSync,
        stale,
        role: 'staff' as const,
      };
      const own = islandMarkup(
        createIslandRender(),
        'SyncButton',
        SyncButton,
        props,
        ['projectId', 'projectName', 'lastForecastSync'],
        '',
      );
      expect(withoutIds(own)).toBe(
        viaIsland(<Island name="SyncButton" component={SyncButton} props={props} />),
      );
    },
  );
});
