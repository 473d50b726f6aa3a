import { on, type EventDef, type EventHandler, type EventSubscription, type JobDef, type JobHandler } from './jobs';
import { job, type JobRegistration } from './module';

// A workflow is a named list of steps written as data (docs/fulfilment.md draws one), started by
// events other modules emit in the transaction of their change. Each start runs in its own queue
// (`<workflow>.on-<event>`), each queued step in its own job queue, so a step is retried, dead-lettered
// and scaled on its own; a step's `undo` names the step that compensates it. The data says what runs
// when; the module gives one function per start and per queued step, and the types make it give all.

/** One step of a workflow: what it does, the step after it, the step that undoes it, where it fails to. */
export interface WorkflowStep {
  readonly does: string;
  /**
   * Where the step runs: in the start event's handler (its transaction), in a queue of its own (a typed
   * job), or in a schedule that runs it for every live parcel at once.
   */
  readonly runs: { readonly start: true } | { readonly job: JobDef<any, any>; readonly retries?: number; readonly concurrency?: number } | { readonly schedule: string };
  readonly next?: string;
  /** The compensating step: run instead of this one's effects staying when the workflow is undone. */
  readonly undo?: string;
  /** The lifecycle action a failure of this step takes, and the status it leads to (docs/order-lifecycle.md). */
  readonly fails?: { readonly action: string; readonly status: string };
}

/** An event that starts (or undoes) the workflow, and the step it starts at. */
export interface WorkflowStart<S extends string> {
  readonly event: EventDef<any, any>;
  readonly runs: S | 'undo';
  readonly why: string;
}

export interface Workflow<S extends string> {
  readonly name: string;
  readonly steps: { readonly [K in S]: WorkflowStep };
  readonly starts: readonly WorkflowStart<NoInfer<S>>[];
}

export function defineWorkflow<S extends string>(w: Workflow<S>): Workflow<S> {
  for (const [name, step] of Object.entries<WorkflowStep>(w.steps)) {
    for (const ref of [step.next, step.undo]) {
      if (ref !== undefined && !(ref in w.steps)) throw new Error(`workflow ${w.name}: step ${name} names an unknown step ${ref}`);
    }
  }
  return w;
}

type EventPayload<E> = E extends EventDef<infer T, any> ? T : never;

/** What a module gives a workflow: a handler per start event, a handler per queued step. */
export interface WorkflowImplementation {
  starts: ReadonlyMap<EventDef<any, any>, EventHandler<any>>;
  steps: Readonly<Record<string, JobHandler<any>>>;
}

/** The queue of the start handler of `event` in workflow `w`. */
export const startQueue = (w: Workflow<string>, event: EventDef<unknown, unknown>) => `${w.name}.on-${event.name.replace(/^[^.]+\./, '')}`;

/** The event subscriptions of a workflow's starts; every start event must have its handler. */
export function workflowSubscriptions(w: Workflow<string>, impl: WorkflowImplementation): EventSubscription<any>[] {
  return w.starts.map((s) => {
    const handler = impl.starts.get(s.event);
    if (!handler) throw new Error(`workflow ${w.name}: no handler for ${s.event.name}`);
    return on(s.event, startQueue(w, s.event), handler, s.why);
  });
}

/** The job registrations of a workflow's queued steps; every queued step must have its handler. */
export function workflowJobs(w: Workflow<string>, impl: WorkflowImplementation): JobRegistration<any>[] {
  return Object.entries<WorkflowStep>(w.steps).flatMap(([name, step]) => {
    if (!('job' in step.runs)) return [];
    const handler = impl.steps[name];
    if (!handler) throw new Error(`workflow ${w.name}: no handler for step ${name}`);
    return [job(step.runs.job, handler, { description: step.does, concurrency: step.runs.concurrency })];
  });
}

/** A typed start handler (the payload type follows the event). */
export const startHandler = <E extends EventDef<any, any>>(event: E, handler: EventHandler<EventPayload<E>>): [EventDef<any, any>, EventHandler<any>] => [event, handler];
