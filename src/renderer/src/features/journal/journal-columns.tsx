/** The Journal table's columns: action rows and, under an expanded action, its step rows. */
import type { KeyboardEvent, MouseEvent } from 'react';
import { Badge } from '../../components/Badge';
import type { ColumnSpec } from '../../components/data-table';
import type { JournalTableRow } from './journal-rows';
import { outcomeTone } from './tones';

type ActionRow = Extract<JournalTableRow, { kind: 'action' }>;
type StepRow = Extract<JournalTableRow, { kind: 'step' }>;

/** A column's value, read from an action row and from a step row (by default none); a "more" row has none. */
const valueOf =
  <T,>(action: (a: ActionRow) => T, step: (s: StepRow) => T | null = () => null) =>
  (r: JournalTableRow) =>
    r.kind === 'action' ? action(r) : r.kind === 'step' ? step(r) : null;

/** The row's own click selects the row; the button only expands or collapses it. */
const keepToButton = (e: MouseEvent | KeyboardEvent) => {
  if (e.type === 'click' || (e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ')
    e.stopPropagation();
};

function ExpandButton({
  row,
  onToggle,
}: {
  row: Extract<JournalTableRow, { kind: 'action' }>;
  onToggle(actionId: string): void;
}) {
  const { action, expanded } = row;
  const what = `${action.action}${action.object ? ` ${action.object}` : ''}`;
  return (
    <button
      type="button"
      className="btn small ghost journal-expand"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} the ${action.stepCount} steps of ${what}`}
      title={`${expanded ? 'Hide' : 'Show'} its steps`}
      data-testid="journal-expand"
      onKeyDown={keepToButton}
      onClick={(e) => {
        keepToButton(e);
        onToggle(action.actionId);
      }}
    >
      {expanded ? '▾' : '▸'} {action.stepCount}
    </button>
  );
}

function OutcomeBadge({ row }: { row: JournalTableRow }) {
  if (row.kind === 'action') {
    return row.action.unsettled ? (
      <Badge value="unsettled" tone="warn" title="Outcome unknown and not checked yet" />
    ) : (
      <Badge value={row.action.outcome} tone={outcomeTone(row.action.outcome)} />
    );
  }
  return row.kind === 'step' && row.step.outcome ? (
    <Badge value={row.step.outcome} tone={outcomeTone(row.step.outcome)} />
  ) : null;
}

export function journalColumns(onToggle: (actionId: string) => void): ColumnSpec<JournalTableRow>[] {
  return [
    {
      id: 'expand',
      header: 'Steps',
      title: 'Show or hide the steps of an action',
      sortable: false,
      value: (r) => (r.kind === 'action' ? String(r.action.stepCount) : null),
      render: (r) => (r.kind === 'action' ? <ExpandButton row={r} onToggle={onToggle} /> : null),
      width: 70,
    },
    {
      id: 'time',
      header: 'Time',
      title: 'When the action started; a step row: when that step was written',
      kind: 'time',
      value: valueOf(
        (a) => a.action.firstTime,
        (s) => s.step.time,
      ),
      width: 190,
    },
    {
      id: 'action',
      header: 'Action',
      value: valueOf((a) => a.action.action),
      render: (r) =>
        r.kind === 'action' ? (
          <span className="ellipsis" title={r.action.action}>
            {r.action.action}
          </span>
        ) : null,
      width: 170,
    },
    {
      id: 'object',
      header: 'Object',
      value: (r) =>
        r.kind === 'more'
          ? `${r.hidden} more ${r.hidden === 1 ? 'step' : 'steps'}: export the journal as CSV to see every step`
          : valueOf((a) => a.action.object)(r),
      render: (r) =>
        r.kind === 'more' ? (
          <span className="ellipsis muted journal-more">
            {r.hidden} more {r.hidden === 1 ? 'step' : 'steps'}: export the journal as CSV to see every step
          </span>
        ) : r.kind === 'action' ? (
          <span className="ellipsis" title={r.action.object ?? ''}>
            {r.action.object ?? '—'}
          </span>
        ) : null,
      width: 150,
      grow: true,
    },
    {
      id: 'environment',
      header: 'Environment',
      kind: 'badge',
      value: valueOf((a) => a.action.environment),
      render: (r) => (r.kind === 'action' ? <Badge value={r.action.environment} /> : null),
      width: 110,
    },
    {
      id: 'operator',
      header: 'Operator',
      title: 'Who acted: the operator name in the settings, else the OS account name',
      value: valueOf(
        (a) => a.action.operators.join(', '),
        (s) => s.step.operator,
      ),
      width: 140,
    },
    {
      id: 'step',
      header: 'Step',
      title: 'The latest step of the action; a step row: its step',
      value: valueOf(
        (a) => a.action.lastStep,
        (s) => s.step.step,
      ),
      render: (r) =>
        r.kind === 'step' ? (
          <span className="ellipsis journal-step-cell">{r.step.step}</span>
        ) : r.kind === 'action' ? (
          <span className="ellipsis muted" title="latest step">
            {r.action.lastStep}
          </span>
        ) : null,
      width: 110,
    },
    {
      id: 'outcome',
      header: 'Outcome',
      value: valueOf(
        (a) => (a.action.unsettled ? 'unsettled' : a.action.outcome),
        (s) => s.step.outcome,
      ),
      render: (r) => <OutcomeBadge row={r} />,
      width: 110,
    },
    {
      id: 'lastTime',
      header: 'Last step at',
      kind: 'time',
      value: valueOf((a) => a.action.lastTime),
      width: 190,
      defaultHidden: true,
    },
    {
      id: 'actionId',
      header: 'Action id',
      kind: 'id',
      value: valueOf((a) => a.action.actionId),
      width: 200,
      defaultHidden: true,
    },
    {
      id: 'seq',
      header: '#',
      kind: 'number',
      value: valueOf(
        (a) => String(a.action.lastSeq),
        (s) => String(s.step.seq),
      ),
      width: 70,
      defaultHidden: true,
    },
  ];
}
