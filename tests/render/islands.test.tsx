import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandRegistry } from '../../src/client/islands';
import type { AssetManifest } from '../../src/render/assets';
import { renderDocument } from '../../src/render/document';
import { Island } from '../../src/render/Island';
import { islandFixtures } from './island-fixtures';

const islandsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/islands');
/** The islands build.mjs bundles: the .tsx files directly in src/islands/, tests excepted. */
const islandFiles = readdirSync(islandsDir)
  .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
  .map((f) => path.basename(f, '.tsx'))
  .sort();

/**
 * Decodes the character references an HTML parser would in an attribute value. Any other
 * '&' sequence fails the test rather than passing through unnoticed.
 */
function decodeAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));|&/gi,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      if (dec) return String.fromCodePoint(Number(dec));
      if (name && name.toLowerCase() in named) return named[name.toLowerCase()]!;
      throw new Error(`unexpected character reference ${whole} in ${value}`);
    },
  );
}

/** Every island marker in the HTML, with its props parsed back as the browser's hydrator does. */
function islandMarkers(html: string): { name: string; props: unknown }[] {
  return [...html.matchAll(/<app-island data-island="([^"]*)" data-props="([^"]*)">/g)].map(
    (m) => ({
      name: m[1]!,
      props: JSON.parse(decodeAttribute(m[2]!)) as unknown,
    }),
  );
}

interface ProbeProps {
  project: { id: number; name: string; notes: string };
}
/** A stand-in island that shows a project's name, as the real project cards do. */
function ProjectNameProbe({ project }: ProbeProps) {
  return <p className="project-name">{project.name}</p>;
}

const assets: AssetManifest = {
  css: '/assets/app-TEST.css',
  main: '/assets/main-TEST.js',
  islands: {
    ProjectNameProbe: {
      js: '/assets/ProjectNameProbe-TEST.js',
      imports: ['/assets/chunk-REACT.js', '/assets/chunk-QUERY.js'],
    },
  },
};

describe('renderDocument with islands', () => {
  const hostile: ProbeProps = {
    project: {
      id: 7,
      name: "</script><script>alert(1)</script> & 'Co'",
      notes: '<!-- not a comment -->',
    },
  };
  const html = renderDocument(
    <main>
      <h1>Project Portfolio</h1>
      <Island name="ProjectNameProbe" component={ProjectNameProbe} props={hostile} />
      <Island
        name="ProjectNameProbe"
        component={ProjectNameProbe}
        props={{ project: { id: 8, name: 'Second', notes: '' } }}
      />
    </main>,
    { title: 'Projects', assets },
  );

  it('wraps the island in the exact marker, its props escaped inside the attribute', () => {
    expect(html).toContain(
      '<app-island data-island="ProjectNameProbe" data-props="{&quot;project&quot;:{&quot;id&quot;:7,' +
        '&quot;name&quot;:&quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#x27;Co&#x27;&quot;,' +
        '&quot;notes&quot;:&quot;&lt;!-- not a comment --&gt;&quot;}}">',
    );
    // The server-rendered name is escaped text too.
    expect(html).toContain(
      '<p class="project-name">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#x27;Co&#x27;</p>',
    );
  });

  it('gives the browser back exactly the props the server rendered with', () => {
    expect(islandMarkers(html)).toStrictEqual([
      { name: 'ProjectNameProbe', props: hostile },
      { name: 'ProjectNameProbe', props: { project: { id: 8, name: 'Second', notes: '' } } },
    ]);
  });

  it('has one script element, the client entry as a module in the head, and no comment opened by data', () => {
    expect(html.match(/<script\b/gi)).toHaveLength(1);
    expect(html).toMatch(
      /<head>.*<script type="module" src="\/assets\/main-TEST.js"><\/script>.*<\/head>/,
    );
    // React separates adjacent text with empty comments; nothing else may open one.
    expect(html.replaceAll('<!-- -->', '')).not.toContain('<!--');
  });

  it('preloads nothing: the entry fetches the islands it finds once it runs', () => {
    expect(html).not.toContain('modulepreload');
  });
});

describe('renderDocument without islands', () => {
  it('ships no script and no modulepreload, only the linked stylesheet', () => {
    const html = renderDocument(
      <main>
        <h1>404 Page Not Found</h1>
      </main>,
      { title: 'Page not found', assets },
    );
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-TEST.css">');
    expect(html).not.toMatch(/<style[\s>]/);
    expect(html).toContain('<h1>404 Page Not Found</h1>');
  });
});

describe('the island registry', () => {
  it('lists every island in src/islands/ under its file name, and nothing else', () => {
    expect(islandFiles.length).toBeGreaterThan(0);
    expect(Object.keys(islandRegistry).sort()).toEqual(islandFiles);
  });

  it.each(islandFiles)('loads %s from its own file', async (name) => {
    const fromRegistry = await islandRegistry[name]!();
    const fromFile = (await import(path.join(islandsDir, `${name}.tsx`))) as { default: unknown };
    expect(typeof fromRegistry.default).toBe('function');
    expect(fromRegistry.default).toBe(fromFile.default);
  });
});

describe('island fixture props', () => {
  it('exist for every island', () => {
    expect(Object.keys(islandFixtures).sort()).toEqual(islandFiles);
  });

  it.each(Object.entries(islandFixtures))(
    'of %s survive the JSON trip unchanged and render the same markup',
    async (name, props) => {
      const travelled = JSON.parse(JSON.stringify(props)) as typeof props;
      expect(travelled).toStrictEqual(props);

      // Hydration needs the browser's render (from the travelled props) to match the server's.
      const { default: component } = (await islandRegistry[name]!()) as {
        default: ComponentType<object>;
      };
      const render = (p: object) =>
        renderToString(<Island name={name} component={component} props={p} />);
      const server = render(props);
      expect(server).toContain(`<app-island data-island="${name}"`);
      expect(render(travelled)).toBe(server);
    },
  );
});
