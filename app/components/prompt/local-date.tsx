import { useEffect, useState } from "react";
import { formatDate } from "~/lib/dates.ts";

/** The date in UTC as rendered on the server, then in the reader's own time zone. */
export function LocalDate(props: { value: string }) {
  const [text, setText] = useState(() => formatDate(props.value, "UTC"));
  useEffect(() => setText(formatDate(props.value)), [props.value]);
  return <time dateTime={props.value}>{text}</time>;
}
