/**
 * A signal for a call to a model service that aborts when `stopped` does or after `ms`, whichever
 * comes first, and says which. It is a controller of its own with a plain timer, held by the
 * caller until `end()`: AbortSignal.any([signal, AbortSignal.timeout(ms)]) lets Node 20 collect
 * the timeout signal before it fires (nodejs/node#57736), and the deadline then never came (an
 * endless answer ran past RUN_TIMEOUT_S on a loaded machine).
 */
export function runDeadline(stopped: AbortSignal, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The call took too long", "TimeoutError"));
  }, ms);
  const stop = () => controller.abort(stopped.reason);
  if (stopped.aborted) stop();
  else stopped.addEventListener("abort", stop, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    end() {
      clearTimeout(timer);
      stopped.removeEventListener("abort", stop);
    },
  };
}
