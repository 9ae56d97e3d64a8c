/** The small icon of a notification's kind (decorative: the kind's label is read out beside it). */
import type { KindIconName } from '../../lib/notifications/kinds';

const PATHS: Readonly<Record<KindIconName, string>> = {
  'person-plus': 'M15 19c0-2.8-2.7-5-6-5s-6 2.2-6 5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19 8v6M16 11h6',
  people: 'M2 19c0-2.8 2.5-5 5.5-5s5.5 2.2 5.5 5M7.5 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM14 14.2c.6-.1 1-.2 1.5-.2 3 0 5.5 2.2 5.5 5M15.5 11a3 3 0 1 0 0-6',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z',
  comment: 'M4 5h16v11H9l-5 4V5Z',
  at: 'M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Zm0 0v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1',
  message: 'M4 6h16v12H4zM4 7l8 6 8-6',
  star: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3Z',
  shield: 'M12 3 5 6v6c0 4 3 7.3 7 9 4-1.7 7-5 7-9V6l-7-3Z',
};

export function KindIcon({ name }: { name: KindIconName }) {
  return (
    <svg
      className="nt-kind-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
