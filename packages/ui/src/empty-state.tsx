import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: ReactNode;
  text?: ReactNode;
  /** Illustration; decorative, so it carries no alt text. */
  image?: string;
  /** Heading level of the title inside its page. */
  level?: 1 | 2 | 3;
  /** Buttons or links under the text. */
  children?: ReactNode;
  /** Screen-wide variant for status and error screens. */
  size?: 'md' | 'lg';
};

/** An honest "nothing here yet" block: illustration, title, one line and an optional action. */
export function EmptyState({
  title,
  text,
  image = '/img/empty.svg',
  level = 2,
  children,
  size = 'md',
}: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div className={`empty-state empty-state-${size}`}>
      <img
        className="empty-state-img"
        src={image}
        alt=""
        width={size === 'lg' ? 220 : 160}
        height={size === 'lg' ? 165 : 120}
      />
      <Heading className="empty-state-title">{title}</Heading>
      {text ? <p className="empty-state-text">{text}</p> : null}
      {children ? <div className="empty-state-actions">{children}</div> : null}
    </div>
  );
}
