/**
 * The booking dialog: the host's open days and slots on the viewer's own clock (the
 * browser's zone), the length, a topic of the host's and an agenda; then the answer,
 * "Requested" or "Confirmed". A slot taken meanwhile says so and the slots are read again.
 */
import { OFFICE_HOURS_LIMITS as L } from '@api/shared/office-hours-limits';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { bookSlot, loadSlots } from '../../lib/office-hours/booking';
import { browserTimeZone, groupByDay, rangeLabel, zoneLabel } from '../../lib/office-hours/time';
import type { Booking, OpenSlots } from '../../lib/office-hours/types';
import { toAppError } from '../../lib/errors';
import { SlotPicker, SlotsLoading } from './SlotPicker';

interface Props {
  hostId: string;
  hostName: string;
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; open: OpenSlots };

export function BookingForm({ hostId, hostName }: Props) {
  const zone = browserTimeZone();
  const [length, setLength] = useState<number | undefined>(undefined);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [topic, setTopic] = useState('');
  const [agenda, setAgenda] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<Booking | null>(null);

  const read = useCallback(
    async (wanted: number | undefined) => {
      setLoad({ status: 'loading' });
      try {
        const open = await loadSlots(hostId, wanted);
        setLoad({ status: 'ready', open });
        setLength(open.length);
        setTopic((current) => current || open.topics[0] || '');
      } catch (cause) {
        setLoad({ status: 'error', message: toAppError(cause).message });
      }
    },
    [hostId],
  );

  useEffect(() => {
    void read(undefined);
  }, [read]);

  if (booked)
    return (
      <div className="oh-confirmation" role="status">
        <p>
          <span className={`badge oh-status oh-status-${booked.status}`}>{booked.status === 'confirmed' ? 'Confirmed' : 'Requested'}</span>
        </p>
        <p>
          {booked.topic} with {hostName}, {rangeLabel(booked.start, booked.end, zone)} ({zoneLabel(zone)}).
        </p>
        <p className="muted small">
          {booked.status === 'confirmed' ? 'It is in your sessions; the invitation is on its way.' : `${hostName} approves each request: you will hear when they answer.`}
        </p>
        <p>
          <a className="btn btn-primary" href="/sessions">
            See your sessions
          </a>
        </p>
      </div>
    );

  const open = load.status === 'ready' ? load.open : null;
  const days = open ? groupByDay(open.slots, zone) : [];
  const shownDay = days.find((group) => group.day === day) ?? days[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!start) problems.start = 'Pick a time.';
    if (topic.trim() === '') problems.topic = 'Pick a topic.';
    setErrors(problems);
    if (!start || !length || Object.keys(problems).length > 0) return;
    setSending(true);
    const outcome = await bookSlot(hostId, { start, length, topic: topic.trim(), agenda: agenda.trim(), timeZone: zone });
    setSending(false);
    if (outcome.booked) {
      setBooked(outcome.booking);
      return;
    }
    setMessage(outcome.message);
    setErrors(outcome.errors);
    if (outcome.slotGone) {
      setStart(null);
      await read(length);
    }
  };

  return (
    <form className="stack oh-booking" onSubmit={submit} noValidate>
      <p className="muted small">Times are on your clock ({zoneLabel(zone)}).</p>
      {open && open.sessionLengths.length > 1 && (
        <div className="field">
          <label htmlFor="oh-book-length">Length</label>
          <select id="oh-book-length" value={length} onChange={(event) => void read(Number(event.target.value))}>
            {open.sessionLengths.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} min
              </option>
            ))}
          </select>
        </div>
      )}
      <SlotsLoading load={load} onRetry={() => void read(length)} />
      {open && days.length === 0 && <p className="muted">No open times in the next three weeks. Try another length, or look again later.</p>}
      {shownDay && (
        <SlotPicker
          legend="Day and time"
          days={days}
          shownDay={shownDay}
          start={start}
          timeZone={zone}
          onDay={(next) => {
            setDay(next);
            setStart(null);
          }}
          onPick={setStart}
          error={errors.start ? { id: 'oh-book-start-error', text: errors.start } : null}
        />
      )}
      {open && (
        <div className="field">
          <label htmlFor="oh-book-topic">Topic</label>
          {open.topics.length > 0 ? (
            <select id="oh-book-topic" value={topic} onChange={(event) => setTopic(event.target.value)}>
              {open.topics.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </select>
          ) : (
            <input id="oh-book-topic" value={topic} maxLength={L.topic} aria-invalid={errors.topic ? true : undefined} onChange={(event) => setTopic(event.target.value)} />
          )}
          {errors.topic && <p className="field-error">{errors.topic}</p>}
        </div>
      )}
      {open && (
        <div className="field">
          <label htmlFor="oh-book-agenda">Agenda (optional)</label>
          <textarea id="oh-book-agenda" rows={3} maxLength={L.agenda} value={agenda} onChange={(event) => setAgenda(event.target.value)} />
          <p className="hint">What you would like to cover, so {hostName.split(' ')[0]} can prepare.</p>
        </div>
      )}
      {message && (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      )}
      {open && days.length > 0 && (
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? 'Booking…' : open.needsApproval ? 'Request session' : 'Book session'}
          </button>
        </div>
      )}
    </form>
  );
}
