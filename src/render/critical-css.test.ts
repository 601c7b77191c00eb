import { describe, expect, it } from 'vitest';
import { classesIn } from './critical-css';

describe('classesIn', () => {
  it('collects every class of every class attribute, however the names are spaced', () => {
    const html =
      '<ul class="list"><li class="card  card-active"><span\nclass="badge\tred">1</span></li><li class="card">2</li></ul>';
    expect([...classesIn(html)].sort()).toEqual(['badge', 'card', 'card-active', 'list', 'red']);
  });

  it('ignores attributes that only end in class, and escaped text that reads like one', () => {
    const html = '<div data-class="hidden" class="shown">use class=&quot;x&quot; in markup</div>';
    expect([...classesIn(html)]).toEqual(['shown']);
  });

  it('finds nothing in markup without classes', () => {
    expect(classesIn('<p>No projects on the dashboard</p>').size).toBe(0);
  });
});
