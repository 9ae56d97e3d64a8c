/**
 * Page links of a search: previous and next (rel prev/next) and page numbers, each a plain
 * link to the same search on that page, so paging works without JavaScript (with it, the
 * results island reads the page in place).
 */
import { pageItems } from '../../lib/search/pages';

export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;
  return (
    <nav className="pager" aria-label="Pages of results">
      {page > 1 ? (
        <a className="btn btn-secondary btn-sm" rel="prev" href={hrefFor(page - 1)}>
          <span aria-hidden="true">←</span> Previous{hidden(' page')}
        </a>
      ) : (
        <span className="btn btn-secondary btn-sm" aria-disabled="true">
          <span aria-hidden="true">←</span> Previous{hidden(' page')}
        </span>
      )}
      <ol className="pager-pages">
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <a className="pager-page" href={hrefFor(item)} aria-current={item === page ? 'page' : undefined}>
                {hidden('Page ')}
                {item}
              </a>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <a className="btn btn-secondary btn-sm" rel="next" href={hrefFor(page + 1)}>
          Next{hidden(' page')} <span aria-hidden="true">→</span>
        </a>
      ) : (
        <span className="btn btn-secondary btn-sm" aria-disabled="true">
          Next{hidden(' page')} <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
