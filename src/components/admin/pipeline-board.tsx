"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { ActionForm } from "@/components/forms/action-form";
import { Field, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter, DialogHeader } from "@/components/ui/dialog";
import { toastAnswer } from "@/components/ui/toast";
import { formatPaiseAsRupees, formatRupees, formatShortDay } from "@/lib/format";
import type { FormState } from "@/lib/form-state";
import { BOARD_PAGE, cardLabel, daysInStageText, initialsOf } from "@/lib/pipeline";
import { dashboardHref } from "@/lib/routes";
import { toSiteDateTimeInput } from "@/lib/site-time";
import type { BoardCard, BoardColumn } from "@/server/pipeline/data/pipeline";
import { moveLeadCard, moveLeadCardForm, winLeadCardAction } from "@/server/pipeline/pipeline-actions";

// The pipeline board (docs/decisions/0067): a column per stage, cards moved by mouse or touch, by
// keyboard (a card's handle: Space to pick up, Left and Right to choose a stage, Space to drop,
// Escape to cancel) and, without JavaScript, by each card's "Move to" form. Every way is the same
// Server Action and the same write as the lead's status change; the board shows the move at once
// and puts the card back, with the answer's message, when the server refuses it. A card is named by
// the person and their company everywhere it is named (docs/decisions/0101); a card with no deal
// value moved to Won first asks for the value, which is saved with the move.

/** The built-in stage a deal is won in. */
const WON = "won";

type Columns = BoardColumn[];

const instructions: ScreenReaderInstructions = {
  draggable:
    "To move this lead to another stage, press Space or Enter to pick it up, then Left or Right arrow to choose the stage, and Space or Enter to drop it there. Escape puts it back.",
};

/** Left and Right jump to the neighbouring column (a board is read in columns, not in pixels). */
const columnJump: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects, droppableContainers } }) => {
  const direction = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const here = collisionRect.left + collisionRect.width / 2;
  const targets = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ rect, centre: rect.left + rect.width / 2 }] : [];
    })
    .filter(({ centre }) => (direction > 0 ? centre > here + 1 : centre < here - 1))
    .sort((a, b) => Math.abs(a.centre - here) - Math.abs(b.centre - here));
  const target = targets[0];
  if (!target) return undefined;
  return { x: target.centre - collisionRect.width / 2, y: target.rect.top + 48 };
};

/**
 * Where a dragged card lands. By the pointer, the column under it: by the rectangles' overlap
 * (dnd-kit's default) a card held by its handle, at its left edge, would land in the column to the
 * right, over which most of the card then hangs. By the keyboard, which moves the card's rectangle
 * from column to column (columnJump), the overlap.
 */
const dropTarget: CollisionDetection = (args) => {
  if (dragByKeyboard) return rectIntersection(args);
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};
/** Whether the drag under way began from the keyboard (one board a page: set as a drag starts). */
let dragByKeyboard = false;

function findCard(columns: Columns, id: string): { card: BoardCard; column: BoardColumn } | null {
  for (const column of columns) {
    const card = column.cards.find((c) => c.id === id);
    if (card) return { card, column };
  }
  return null;
}

/** The board with a card moved from one column to another (counts and totals follow it). */
function moved(columns: Columns, id: string, to: string): Columns {
  const found = findCard(columns, id);
  if (!found || found.column.key === to) return columns;
  const { card, column: from } = found;
  const value = card.dealValue ?? 0;
  return columns.map((c) =>
    c.key === from.key
      ? { ...c, count: c.count - 1, total: c.total - value, cards: c.cards.filter((x) => x.id !== id) }
      : c.key === to
        ? { ...c, count: c.count + 1, total: c.total + value, cards: [{ ...card, status: to, daysInStage: 0 }, ...c.cards] }
        : c,
  );
}

export function PipelineBoard({ columns: initial, query, today }: { columns: Columns; query: string; today: string }) {
  const router = useRouter();
  const [columns, setColumns] = useState(initial);
  const [shown, setShown] = useState(initial);
  // A new board from the server (after a move's refresh, or new filters) replaces the local one.
  if (initial !== shown) {
    setShown(initial);
    setColumns(initial);
  }
  const [active, setActive] = useState<BoardCard | null>(null);
  const [, startMove] = useTransition();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnJump }));
  const stageName = (key: unknown) => columns.find((c) => c.key === key)?.name ?? "no stage";
  const cardName = (id: unknown) => {
    const found = findCard(columns, String(id));
    return found ? cardLabel(found.card) : "The lead";
  };
  const origin = (id: unknown) => findCard(columns, String(id))?.column.name ?? "its stage";
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${cardName(active.id)}, in ${origin(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${cardName(active.id)} is over ${stageName(over.id)}.` : `${cardName(active.id)} is over no stage.`),
    onDragEnd: ({ active, over }) => {
      const found = findCard(columns, String(active.id));
      if (!over || over.id === found?.column.key) return `${cardName(active.id)} put back in ${origin(active.id)}.`;
      // The dialog asks for the value next; nothing is saved yet.
      if (over.id === WON && found?.card.dealValue === null) return `${cardName(active.id)} has no deal value: enter it to move it to Won.`;
      return `${cardName(active.id)} moved to ${stageName(over.id)}. Saving.`;
    },
    onDragCancel: ({ active }) => `Move cancelled. ${cardName(active.id)} stays in ${origin(active.id)}.`,
  };

  // A card with no deal value asked to move to Won: the dialog asks for the value first.
  const [winning, setWinning] = useState<{ card: BoardCard; from: string } | null>(null);

  const move = (id: string, to: string) => {
    const found = findCard(columns, id);
    if (!found || found.column.key === to) return;
    if (to === WON && found.card.dealValue === null) {
      setWinning({ card: found.card, from: found.column.key });
      return;
    }
    const before = columns;
    setColumns(moved(columns, id, to));
    startMove(async () => {
      const answer = await moveLeadCard(id, to, found.column.key).catch(
        () => ({ status: "error", title: "Not moved", message: "The card could not be moved. Please try again; nothing was changed." }) as const,
      );
      toastAnswer(answer);
      // Refused: the card goes back where it was; either way the board is read again (totals, other moves).
      if (answer.status !== "success") setColumns(before);
      router.refresh();
    });
  };

  const onDragStart = (event: DragStartEvent) => {
    dragByKeyboard = event.activatorEvent instanceof KeyboardEvent;
    setActive(findCard(columns, String(event.active.id))?.card ?? null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    if (event.over) move(String(event.active.id), String(event.over.id));
  };

  return (
    <DndContext
      id="pipeline-board"
      sensors={sensors}
      collisionDetection={dropTarget}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      {/*
        The board scrolls sideways inside itself, never the page: the five built-in stages fit beside
        the sidebar at 1280 px, an owner's extra stages scroll here. Focusable, so that a keyboard
        reaches that scroll even with no card to tab to.
      */}
      <div
        className="mt-4 flex gap-3 overflow-x-auto overscroll-x-contain pb-3 focus-visible:outline-3 focus-visible:outline-brand-500"
        role="list"
        aria-label="Pipeline stages"
        tabIndex={0}
      >
        {columns.map((column) => (
          <Column key={column.key} column={column} columns={columns} query={query} today={today} onMove={move} />
        ))}
      </div>
      <DragOverlay>{active ? <CardBody card={active} /> : null}</DragOverlay>
      {winning && (
        <WinDialog
          key={winning.card.id}
          card={winning.card}
          from={winning.from}
          onClose={() => setWinning(null)}
          onAnswer={(answer) => {
            // Moved, or refused (moved by someone else meanwhile): either way the board is read again.
            if (answer.status === "invalid") return;
            setWinning(null);
            router.refresh();
          }}
        />
      )}
    </DndContext>
  );
}

function Column({
  column,
  columns,
  query,
  today,
  onMove,
}: {
  column: BoardColumn;
  columns: Columns;
  query: string;
  today: string;
  onMove: (id: string, to: string) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.key });
  const headingId = `stage-${column.key}`;
  const more = new URLSearchParams(query);
  more.set(`show-${column.key}`, String(column.cards.length + BOARD_PAGE));
  return (
    // A div: a <section> may not take the listitem role the board's list needs.
    <div
      ref={setNodeRef}
      role="listitem"
      aria-labelledby={headingId}
      data-stage={column.key}
      // Columns share the board's width, at least 11 rem each: beside the sidebar at 1280 px (944 px
      // of screen) the five built-in stages all fit; more stages scroll inside the board.
      className={`flex min-w-44 flex-1 shrink-0 basis-0 flex-col rounded-card border bg-canvas p-2 ${isOver ? "border-brand-600 ring-2 ring-brand-600/40" : "border-line"}`}
    >
      <h2 id={headingId} className="px-1 text-sm font-bold [overflow-wrap:anywhere]">
        {column.name}
      </h2>
      <p className="mb-2 px-1 text-xs text-ink-soft" data-testid="column-summary">
        {column.count} {column.count === 1 ? "lead" : "leads"} · {formatRupees(column.total)}
        {column.paidPaise > 0 && <> · {formatPaiseAsRupees(column.paidPaise)} paid</>}
      </p>
      <ul className="flex flex-col gap-2" aria-label={`Leads in ${column.name}`}>
        {column.cards.map((card) => (
          <Card key={card.id} card={card} column={column} columns={columns} query={query} today={today} onMove={onMove} />
        ))}
      </ul>
      {column.cards.length === 0 && <p className="py-4 text-center text-xs text-muted">No leads here.</p>}
      {column.cards.length < column.count && (
        <a href={`${dashboardHref("pipeline")}?${more.toString()}`} className="mt-2 text-center text-sm font-semibold text-brand-700 underline">
          Show more ({column.count - column.cards.length} not shown)
        </a>
      )}
    </div>
  );
}

function DealValue({ card }: { card: BoardCard }) {
  return card.dealValue === null ? (
    <span className="font-normal text-muted">No value yet</span>
  ) : (
    <>
      {formatRupees(card.dealValue)}
      {card.dealValueFromPackage && <span className="block text-xs font-normal text-muted">package price</span>}
      {card.paidPaise > 0 && <span className="block text-xs font-normal text-ink-soft">{formatPaiseAsRupees(card.paidPaise)} paid</span>}
    </>
  );
}

function CardBody({ card }: { card: BoardCard }) {
  return (
    <div className="w-44 rounded-xl border border-line bg-surface p-2.5 text-sm shadow-lift">
      <p className="font-semibold [overflow-wrap:anywhere]">{card.name}</p>
      {card.company && <p className="text-xs text-ink-soft [overflow-wrap:anywhere]">{card.company}</p>}
      <p className="mt-1 font-semibold">
        <DealValue card={card} />
      </p>
    </div>
  );
}

/** The owner as an avatar: their initials in a circle, their name as its accessible text. */
function OwnerAvatar({ owner }: { owner: string | null }) {
  if (!owner) {
    return <span role="img" aria-label="No owner" title="No owner" className="inline-flex size-6 shrink-0 rounded-full border border-dashed border-muted" />;
  }
  return (
    <span
      role="img"
      aria-label={`Owner: ${owner}`}
      title={owner}
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-[0.625rem] font-bold text-brand-800"
    >
      <span aria-hidden="true">{initialsOf(owner)}</span>
    </span>
  );
}

function Card({
  card,
  column,
  columns,
  query,
  today,
  onMove,
}: {
  card: BoardCard;
  column: BoardColumn;
  columns: Columns;
  query: string;
  today: string;
  onMove: (id: string, to: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id });
  const selectId = `move-${card.id}`;
  const label = cardLabel(card);
  const day = (value: string) => <span className="whitespace-nowrap">{formatShortDay(value, today)}</span>;
  // With JavaScript the form moves the card in place (and shows it at once); without, the browser posts it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = new FormData(event.currentTarget).get("to");
    if (typeof to === "string") onMove(card.id, to);
  };
  return (
    <li ref={setNodeRef} data-lead={card.id} className={`rounded-xl border border-line bg-surface p-2.5 text-sm ${isDragging ? "opacity-40" : ""}`}>
      <div className="flex items-start gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${label}`}
          className="-ml-1 inline-flex size-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {/* A glyph, not an icon's SVG: hundreds of cards repeat it (docs/benchmark.md, the board's size). */}
          <span aria-hidden="true">⠿</span>
        </button>
        <div className="min-w-0 flex-1">
          {/* Named with the company too: two leads of one name stay two links (the visible name leads the label). */}
          <a
            href={dashboardHref("leads", { edit: card.id })}
            aria-label={label}
            className="block font-semibold text-brand-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline"
          >
            {card.name}
          </a>
          {card.company && (
            <p className="text-xs text-ink-soft [overflow-wrap:anywhere]" data-testid="card-company">
              {card.company}
            </p>
          )}
        </div>
      </div>
      <p className="mt-1.5 font-semibold" data-testid="card-value">
        <DealValue card={card} />
      </p>
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs text-ink-soft">
        <dt className="text-muted">Close</dt>
        <dd>{card.expectedCloseOn ? day(card.expectedCloseOn) : "Not set"}</dd>
        <dt className="text-muted">Next</dt>
        <dd className="[overflow-wrap:anywhere]">
          {card.nextStep || card.followUpOn ? (
            <>
              {card.nextStep ?? "Follow up"}
              {card.followUpOn && <> · {day(card.followUpOn)}</>}
            </>
          ) : (
            "None"
          )}
        </dd>
        <dt className="text-muted">Active</dt>
        <dd>{day(toSiteDateTimeInput(new Date(card.lastActivityAt)).slice(0, 10))}</dd>
      </dl>
      <div className="mt-2 flex items-center justify-between gap-2 text-xs text-ink-soft">
        <OwnerAvatar owner={card.ownerLabel} />
        {/* The lead's proposals and New proposal are on its record: a plain link, a few bytes per card. */}
        <a href={`${dashboardHref("leads", { edit: card.id })}#lead-proposals`} aria-label={`Proposals for ${label}`} className="text-brand-700 underline">
          Proposals
        </a>
        <span className="whitespace-nowrap" data-testid="days-in-stage">
          {daysInStageText(card.daysInStage)}
        </span>
      </div>
      <form action={moveLeadCardForm} onSubmit={onSubmit} className="mt-2 flex items-center gap-1.5">
        <input type="hidden" name="id" value={card.id} />
        <input type="hidden" name="from" value={column.key} />
        <input type="hidden" name="board" value={query} />
        <label htmlFor={selectId} className="sr-only">
          Move {label} to
        </label>
        <select id={selectId} name="to" defaultValue={column.key} className="min-h-8 min-w-0 flex-1 rounded-lg border border-line bg-surface px-1.5 text-xs">
          {columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className="min-h-8 rounded-lg border border-line px-2 text-xs font-semibold hover:bg-canvas">
          Move
        </button>
      </form>
    </li>
  );
}

/** Won without a value: the value is asked for, then saved with the move (winLeadCardAction). */
function WinDialog({ card, from, onClose, onAnswer }: { card: BoardCard; from: string; onClose: () => void; onAnswer: (answer: FormState) => void }) {
  const label = cardLabel(card);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader title={`Won: ${label}`} description="This deal has no value yet. Enter what it is worth to move it to Won." />
        <ActionForm
          action={winLeadCardAction}
          writtenAs="status"
          answer="status"
          onAnswer={onAnswer}
          label={`Deal value for ${label}`}
          hidden={{ id: card.id, from }}
        >
          {({ values }) => (
            <>
              <DialogBody>
                <Field id={`win-value-${card.id}`} name="dealValue" label="Deal value (₹)" hint="Whole rupees, e.g. 150000." required>
                  {(a) => <TextInput {...a} name="dealValue" inputMode="numeric" autoComplete="off" defaultValue={values.dealValue} required autoFocus />}
                </Field>
              </DialogBody>
              <DialogFooter>
                <DialogClose className={buttonVariants({ variant: "outline" })}>Cancel</DialogClose>
                <SubmitButton label="Move to Won" pendingLabel="Moving..." className={buttonVariants()} />
              </DialogFooter>
            </>
          )}
        </ActionForm>
      </DialogContent>
    </Dialog>
  );
}
