import type { ReactNode } from 'react';
import { DownloadCsv } from '../DownloadCsv';
import { titleRow } from '../DownloadCsv.css';
import { card, h2 } from '../ui.css';
import * as s from './insights.css';

/** One insight: a card with its heading, its CSV download beside it, and its body. */
export function InsightPanel({
  id,
  title,
  csvHref,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  csvHref: string;
  children: ReactNode;
}) {
  return (
    <section className={card} aria-labelledby={id}>
      <div className={s.panel}>
        <div className={titleRow}>
          <h2 className={h2} id={id}>
            {title}
          </h2>
          <DownloadCsv href={csvHref} />
        </div>
        {children}
      </div>
    </section>
  );
}

/** 'Show' the whole scope (`allValue`) or one project: the insights' scope picker. */
export function ScopeSelect({
  id,
  value,
  allValue,
  allLabel,
  projects,
  onChange,
}: {
  id: string;
  value: string;
  allValue: string;
  allLabel: string;
  projects: readonly { id: number; name: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className={s.controls}>
      <label htmlFor={id}>Show</label>
      <select id={id} className={s.select} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={allValue}>{allLabel}</option>
        {projects.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
