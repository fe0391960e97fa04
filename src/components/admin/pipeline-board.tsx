"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { toastAnswer } from "@/components/ui/toast";
import { formatAdminDate, formatRupees } from "@/lib/format";
import { BOARD_PAGE } from "@/lib/pipeline";
import { dashboardHref } from "@/lib/routes";
import type { BoardCard, BoardColumn } from "@/server/pipeline/data/pipeline";
import { moveLeadCard, moveLeadCardForm } from "@/server/pipeline/pipeline-actions";

// The pipeline board (docs/decisions/0067): a column per stage, cards moved by mouse or touch, by
// keyboard (a card's handle: Space to pick up, Left and Right to choose a stage, Space to drop,
// Escape to cancel) and, without JavaScript, by each card's "Move to" form. Every way is the same
// Server Action and the same write as the lead's status change; the board shows the move at once
// and puts the card back, with the answer's message, when the server refuses it.

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
        ? { ...c, count: c.count + 1, total: c.total + value, cards: [{ ...card, status: to }, ...c.cards] }
        : c,
  );
}

export function PipelineBoard({ columns: initial, query }: { columns: Columns; query: string }) {
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
  const cardName = (id: unknown) => findCard(columns, String(id))?.card.company ?? "The lead";
  const origin = (id: unknown) => findCard(columns, String(id))?.column.name ?? "its stage";
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${cardName(active.id)}, in ${origin(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${cardName(active.id)} is over ${stageName(over.id)}.` : `${cardName(active.id)} is over no stage.`),
    onDragEnd: ({ active, over }) =>
      over && over.id !== findCard(columns, String(active.id))?.column.key
        ? `${cardName(active.id)} dropped in ${stageName(over.id)}. Saving.`
        : `${cardName(active.id)} put back in ${origin(active.id)}.`,
    onDragCancel: ({ active }) => `Move cancelled. ${cardName(active.id)} stays in ${origin(active.id)}.`,
  };

  const move = (id: string, to: string) => {
    const found = findCard(columns, id);
    if (!found || found.column.key === to) return;
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

  const onDragStart = (event: DragStartEvent) => setActive(findCard(columns, String(event.active.id))?.card ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    if (event.over) move(String(event.active.id), String(event.over.id));
  };

  return (
    <DndContext
      id="pipeline-board"
      sensors={sensors}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      {/* Focusable: the stages scroll sideways, and a keyboard must reach that scroll even with no card to tab to. */}
      <div
        className="mt-4 flex gap-4 overflow-x-auto pb-4 focus-visible:outline-3 focus-visible:outline-brand-500"
        role="list"
        aria-label="Pipeline stages"
        tabIndex={0}
      >
        {columns.map((column) => (
          <Column key={column.key} column={column} columns={columns} query={query} onMove={move} />
        ))}
      </div>
      <DragOverlay>{active ? <CardBody card={active} /> : null}</DragOverlay>
    </DndContext>
  );
}

function Column({ column, columns, query, onMove }: { column: BoardColumn; columns: Columns; query: string; onMove: (id: string, to: string) => void }) {
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
      // Columns share the board's width (at least 13 rem each), so that beside the sidebar at 1280 px the
      // first four stages are in view; more stages scroll inside the board.
      className={`flex min-w-52 flex-1 shrink-0 basis-0 flex-col rounded-card border bg-canvas p-3 ${isOver ? "border-brand-600 ring-2 ring-brand-600/40" : "border-line"}`}
    >
      <h2 id={headingId} className="text-sm font-bold">
        {column.name}
      </h2>
      <p className="mb-2 text-xs text-ink-soft" data-testid="column-summary">
        {column.count} {column.count === 1 ? "lead" : "leads"} · {formatRupees(column.total)}
      </p>
      <ul className="flex flex-col gap-2" aria-label={`Leads in ${column.name}`}>
        {column.cards.map((card) => (
          <Card key={card.id} card={card} column={column} columns={columns} query={query} onMove={onMove} />
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

function CardBody({ card }: { card: BoardCard }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-3 text-sm shadow-lift">
      <p className="font-semibold">{card.company}</p>
      <p className="text-ink-soft">
        {card.dealValue === null ? "No value yet" : `${formatRupees(card.dealValue)}${card.dealValueFromPackage ? " (package price)" : ""}`}
      </p>
    </div>
  );
}

function Card({
  card,
  column,
  columns,
  query,
  onMove,
}: {
  card: BoardCard;
  column: BoardColumn;
  columns: Columns;
  query: string;
  onMove: (id: string, to: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id });
  const selectId = `move-${card.id}`;
  // With JavaScript the form moves the card in place (and shows it at once); without, the browser posts it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = new FormData(event.currentTarget).get("to");
    if (typeof to === "string") onMove(card.id, to);
  };
  return (
    <li ref={setNodeRef} data-lead={card.id} className={`rounded-xl border border-line bg-surface p-3 text-sm ${isDragging ? "opacity-40" : ""}`}>
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${card.company}`}
          className="-ml-1 inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {/* A glyph, not an icon's SVG: hundreds of cards repeat it (docs/benchmark.md, the board's size). */}
          <span aria-hidden="true">⠿</span>
        </button>
        <div className="min-w-0 flex-1">
          <a href={dashboardHref("leads", { edit: card.id })} className="block truncate font-semibold text-brand-800 underline-offset-2 hover:underline">
            {card.company}
          </a>
          {card.company !== card.name && <p className="truncate text-xs text-ink-soft">{card.name}</p>}
          <p className="mt-1 font-semibold">
            {card.dealValue === null ? <span className="font-normal text-muted">No value yet</span> : formatRupees(card.dealValue)}
            {card.dealValueFromPackage && <span className="font-normal text-muted"> (package price)</span>}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-ink-soft">
            <dt>Owner</dt>
            <dd className="truncate">{card.ownerLabel ?? "Nobody"}</dd>
            <dt>Follow-up</dt>
            <dd>{card.followUpOn ?? "None"}</dd>
            <dt>Last activity</dt>
            <dd>{formatAdminDate(card.lastActivityAt)}</dd>
          </dl>
        </div>
      </div>
      <form action={moveLeadCardForm} onSubmit={onSubmit} className="mt-2 flex items-center gap-2">
        <input type="hidden" name="id" value={card.id} />
        <input type="hidden" name="from" value={column.key} />
        <input type="hidden" name="board" value={query} />
        <label htmlFor={selectId} className="sr-only">
          Move {card.company} to
        </label>
        <select id={selectId} name="to" defaultValue={column.key} className="min-h-8 min-w-0 flex-1 rounded-lg border border-line bg-surface px-2 text-xs">
          {columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className="min-h-8 rounded-lg border border-line px-3 text-xs font-semibold hover:bg-canvas">
          Move
        </button>
      </form>
    </li>
  );
}
