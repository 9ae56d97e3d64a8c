/** "Report" under a review on a profile: the shared report dialog, sending a report of the review. */
import { lazy, Suspense, useState } from 'react';
import { sendReport } from '../../lib/reports/send';
import { withErrorBoundary } from '../ui/ErrorBoundary';

const ReportDialog = lazy(() => import('../ui/ReportForm').then((module) => ({ default: module.ReportDialog })));

interface Props {
  reviewId: string;
  authorName: string;
}

function ReviewReportButton({ reviewId, authorName }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)}>
        Report<span className="visually-hidden"> the review by {authorName}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            title={`Report the review by ${authorName}`}
            send={(reason, details) => sendReport({ targetType: 'review', targetId: reviewId }, reason, details, `the review by ${authorName}`)}
            onClosed={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

export default withErrorBoundary(ReviewReportButton);
