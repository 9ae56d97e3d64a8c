/**
 * "Download your data" on /settings/account: what the zip holds, the once-an-hour rule,
 * and the download itself. The server renders a plain link to the zip (it works without
 * JavaScript); hydrated, the island fetches it through `$dataDownload` to show its
 * progress, a failure, or, within the hour, when the next download is possible. The link
 * is never prefetched: a prefetch would make the download and use the hour.
 */
import { waitText } from '@api/shared/wait-text';
import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { SESSION_BASE } from '../../lib/api/client';
import { $dataDownload, dataDownloadActions, sizeText, type DataDownloadStatus } from '../../lib/stores/data-download';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './data-download.css';

const DOWNLOAD_URL = `${SESSION_BASE}/auth/data-export`;

const KINDS = [
  'Your account and profile, with your pictures',
  'Your posts with their media, your comments and replies',
  'Your likes and poll votes',
  'Your connections and conversations, with the messages and files you sent',
  'Your notifications and profile views',
  'How you sign in, and your Premium subscription',
  'What you agreed to and when: the terms, the privacy policy and the digest',
];

function DataDownload({ status }: { status: DataDownloadStatus }) {
  useState(() => dataDownloadActions.hydrate(status));
  const state = useStore($dataDownload);
  const preparing = state.phase === 'preparing';

  const start = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void dataDownloadActions.download();
  };

  return (
    <section className="card stack" aria-labelledby="data-download-title">
      <h2 id="data-download-title" className="card-title">
        Download your data
      </h2>
      <p>A zip file with a copy of everything FounderMesh holds about you:</p>
      <ul className="data-download-kinds">
        {KINDS.map((kind) => (
          <li key={kind}>{kind}</li>
        ))}
      </ul>
      <p className="muted">
        Messages other members sent you are theirs, so your conversations only say how many they sent. Members who browse privately are never named among your profile views.
      </p>
      <p className="muted" id="data-download-rule">
        You can download your data once an hour.
      </p>
      {state.phase === 'limited' ? (
        <div className="alert alert-info" role="status">
          <p>
            You downloaded your data less than an hour ago. You can download it again in <time dateTime={state.nextAt}>{waitText(state.retryAfter)}</time>.
          </p>
        </div>
      ) : state.phase === 'done' ? (
        <div className="alert alert-success" role="status">
          <p>
            Your download is ready: <strong>{state.filename}</strong>. You can make the next one in an hour.
          </p>
        </div>
      ) : (
        <div className="form-actions">
          <a
            className="btn btn-primary"
            href={DOWNLOAD_URL}
            download
            // The shell's client router prefetches links on hover and focus: fetching this one uses the hour.
            data-astro-prefetch="false"
            aria-describedby="data-download-rule"
            aria-disabled={preparing ? 'true' : undefined}
            onClick={start}
          >
            {preparing ? 'Preparing your download…' : 'Download your data'}
          </a>
          <span className="muted" role="status">
            {preparing ? (state.received > 0 ? `${sizeText(state.received)} received` : 'Collecting your data…') : ''}
          </span>
        </div>
      )}
      {state.phase === 'failed' && (
        <div className="alert alert-error" role="alert">
          <p>Your data could not be downloaded: {state.message} Please try again.</p>
        </div>
      )}
    </section>
  );
}

export default withErrorBoundary(DataDownload);
