import { EmptyState } from '@khela/ui/empty-state';
import type { ReactNode } from 'react';

type EmptyPageProps = { title: string; emptyTitle: string; emptyText?: string; children?: ReactNode };

/** A page that has nothing to show yet: its title and an honest empty state. */
export function EmptyPage({ title, emptyTitle, emptyText, children }: EmptyPageProps) {
  return (
    <>
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
      </div>
      <EmptyState title={emptyTitle} text={emptyText}>
        {children}
      </EmptyState>
    </>
  );
}
