/**
 * Moving a session: the host's open times on the viewer's clock (GET /office-hours/{hostId}/slots,
 * the session's own length), a reason for the other side, then the server decides. A time
 * taken meanwhile or a move past the cut-off answers 409 with its words, shown here; after a
 * taken time the open times are read again.
 */
import { OFFICE_HOURS_LIMITS } from '@api/shared/office-hours-limits';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { loadSlots } from '../../lib/office-hours/booking';
import { groupByDay, rangeLabel, zoneLabel } from '../../lib/office-hours/time';
import type { Booking, OpenSlots } from '../../lib/office-hours/types';
import { toAppError } from '../../lib/errors';
import { sessionsActions } from '../../lib/stores/sessions';
import { Dialog } from '../ui/Dialog';
import { SlotPicker, SlotsLoading } from './SlotPicker';

interface Props {
  booking: Booking;
  timeZone: string;
  onClosed: () => void;
  fallbackFocus: () => HTMLElement | null;
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; open: OpenSlots };

const lengthOf = (booking: Booking) => Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);

export function MoveDialog({ booking, timeZone, onClosed, fallbackFocus }: Props) {
  const [open, setOpen] = useState(true);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const read = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      setLoad({ status: 'ready', open: await loadSlots(booking.host._id, lengthOf(booking)) });
    } catch (cause) {
      setLoad({ status: 'error', message: toAppError(cause).message });
    }
  }, [booking]);
  useEffect(() => void read(), [read]);

  const slots = load.status === 'ready' ? load.open.slots.filter((slot) => slot.start !== booking.start) : [];
  const days = groupByDay(slots, timeZone);
  const shownDay = days.find((group) => group.day === day) ?? days[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start) {
      setError('start: pick a new time');
      return;
    }
    setSending(true);
    const outcome = await sessionsActions.move(booking._id, start, reason.trim());
    setSending(false);
    if (outcome.ok) {
      setOpen(false);
      return;
    }
    setError(outcome.message);
    if (outcome.status === 409) {
      setStart(null);
      await read();
    }
  };

  return (
    <Dialog
      open={open}
      title="Move this session"
      description={`${booking.topic} · now ${rangeLabel(booking.start, booking.end, timeZone)}`}
      onClosed={onClosed}
      fallbackFocus={fallbackFocus}
    >
      <form className="stack oh-move" onSubmit={submit} noValidate>
        <p className="muted small">
          {booking.host.name.split(' ')[0]}’s open times on your clock ({zoneLabel(timeZone)}).
        </p>
        <SlotsLoading load={load} onRetry={() => void read()} />
        {load.status === 'ready' && days.length === 0 && <p className="muted">No other open times in the next weeks.</p>}
        {shownDay && (
          <SlotPicker
            legend="New day and time"
            days={days}
            shownDay={shownDay}
            start={start}
            timeZone={timeZone}
            onDay={(next) => {
              setDay(next);
              setStart(null);
            }}
            onPick={setStart}
          />
        )}
        <div className="field">
          <label htmlFor="oh-move-reason">Reason (optional, the other side reads it)</label>
          <textarea id="oh-move-reason" rows={2} maxLength={OFFICE_HOURS_LIMITS.reason} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={sending || load.status !== 'ready' || days.length === 0}>
            {sending ? 'Moving…' : 'Move session'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            Keep the time
          </button>
        </div>
      </form>
    </Dialog>
  );
}
