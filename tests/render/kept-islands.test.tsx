import { type ComponentType, useId } from 'react';
import { describe, expect, it } from 'vitest';
import { islandRegistry } from '../../src/client/islands';
import type { AssetManifest } from '../../src/render/assets';
import { renderDocument } from '../../src/render/document';
import { Island } from '../../src/render/Island';
import { KeptIslandMarkup } from '../../src/render/kept-islands';
import { RepeatedMarkup } from '../../src/render/repeated';
import { islandFixtures } from './island-fixtures';

const assets: AssetManifest = { css: '/assets/app.css', main: '/assets/main.js', islands: {} };

let renders = 0;
/** A stand-in island that counts its renders and labels an input with an id of its own. */
function BudgetProbe({ name, budget }: { name: string; budget: number }) {
  renders++;
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{name}</label>
      <input id={id} defaultValue={budget} />
    </p>
  );
}

const page = (kept: KeptIslandMarkup | undefined, projects: { name: string; budget: number }[]) =>
  renderDocument(
    <main>
      {projects.map((p) => (
        <Island key={p.name} name="BudgetProbe" component={BudgetProbe} props={p} />
      ))}
    </main>,
    { title: 'T', assets, kept },
  );

/** Each label's target and each input's id, in page order. */
const labelled = (html: string) => ({
  labels: [...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]),
  inputs: [...html.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]),
});

describe('islands kept between requests', () => {
  it('renders an island once while its props stay the same, and again when they change', () => {
    const kept = new KeptIslandMarkup();
    renders = 0;
    const first = page(kept, [{ name: 'Acme', budget: 100 }]);
    expect(page(kept, [{ name: 'Acme', budget: 100 }])).toBe(first);
    expect(renders).toBe(1);

    const changed = page(kept, [{ name: 'Acme', budget: 250 }]);
    expect(renders).toBe(2);
    expect(changed).toContain('value="250"');
    expect(changed).not.toContain('value="100"');
  });

  it('gives each island on a page ids of its own, even two with the same props', () => {
    const kept = new KeptIslandMarkup();
    const html = page(kept, [
      { name: 'Acme', budget: 100 },
      { name: 'Acme ', budget: 100 },
    ]);
    const { labels, inputs } = labelled(html);
    expect(labels).toHaveLength(2);
    expect(labels).toEqual(inputs);
    expect(new Set(inputs).size).toBe(2);
    // The page rendered again (from what was kept) gives the same ids.
    expect(
      labelled(
        page(kept, [
          { name: 'Acme', budget: 100 },
          { name: 'Acme ', budget: 100 },
        ]),
      ),
    ).toEqual({ labels, inputs });
  });

  it('lets the least recently used go when it holds more than its size, and renders it again when asked', () => {
    const a = { name: 'A'.repeat(150), budget: 1 };
    const b = { name: 'B'.repeat(150), budget: 2 };
    const c = { name: 'C'.repeat(150), budget: 3 };
    const measure = new KeptIslandMarkup();
    page(measure, [a]);
    // Room for two of these islands, not three.
    const kept = new KeptIslandMarkup(Math.round(measure.chars * 2.5));
    renders = 0;
    page(kept, [a]);
    page(kept, [b]);
    page(kept, [a]); // A is now the most recently used
    expect(renders).toBe(2);
    page(kept, [c]); // over the size: B goes
    expect(kept.chars).toBeLessThanOrEqual(measure.chars * 2.5);
    page(kept, [a]);
    expect(renders).toBe(3);
    page(kept, [b]);
    expect(renders).toBe(4);
  });

  it("keeps the shapes of a page's repeated components for the next request, and fills each instance in", () => {
    const kept = new KeptIslandMarkup();
    renders = 0;
    const request = () => {
      const repeated = new RepeatedMarkup(kept);
      return ['Acme', 'Globex'].map((name) =>
        repeated.render(BudgetProbe, { budget: 5 }, { name }, { idPrefix: `${name}-` }),
      );
    };
    const first = request();
    expect(request()).toEqual(first);
    expect(renders).toBe(1);
    expect(first[1]).toContain('>Globex</label>');
    expect(first[1]).toContain('id="_Globex-R_');
  });

  it.each(Object.entries(islandFixtures))(
    'renders %s to the same markup kept as rendered in the page, ids aside',
    async (name, props) => {
      const { default: component } = (await islandRegistry[name]!()) as {
        default: ComponentType<object>;
      };
      const render = (kept?: KeptIslandMarkup) =>
        renderDocument(<Island name={name} component={component} props={props} />, {
          title: 'T',
          assets,
          kept,
        })
          .replace(/ data-ids="[^"]*"/, '')
          .replace(/_[\w-]*?R_\w*_/g, 'ID');
      const kept = new KeptIslandMarkup();
      expect(render(kept)).toBe(render());
      expect(render(kept)).toBe(render());
    },
  );
});
