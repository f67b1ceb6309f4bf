import type { ReactNode } from 'react';

/**
 * A screen's header: its title, a line about it and its actions. The time zone its data is
 * written in stands in the shell's top bar, above every screen (BACK-OFFICE.md "Screens").
 */
export function PageHeader({ title, text, actions }: { title: string; text?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {text && <p className="page-text">{text}</p>}
      </div>
      {actions && <div className="page-header-side">{actions}</div>}
    </header>
  );
}
