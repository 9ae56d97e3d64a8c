/**
 * Parts of the feed that appear only after a click (comments, the post dialogs, the report
 * form, the poll builder, the composer's picked media): each loads when first shown, so the feed's first load ships
 * only what draws the posts (issue 29's budget: 100 KB of gzipped JS in 15 files, enforced
 * by tests/e2e/feed-first-load.spec.ts).
 */
import { lazy } from 'react';

export const Comments = lazy(() => import('./Comments').then((module) => ({ default: module.Comments })));
export const EditDialog = lazy(() => import('./PostDialogs').then((module) => ({ default: module.EditDialog })));
export const DeleteDialog = lazy(() => import('./PostDialogs').then((module) => ({ default: module.DeleteDialog })));
export const HistoryDialog = lazy(() => import('./PostDialogs').then((module) => ({ default: module.HistoryDialog })));
export const ReportDialog = lazy(() => import('../ui/ReportForm').then((module) => ({ default: module.ReportDialog })));
export const PollBuilder = lazy(() => import('./PollBuilder').then((module) => ({ default: module.PollBuilder })));
export const MediaPicker = lazy(() => import('./MediaPicker').then((module) => ({ default: module.MediaPicker })));
