import { Link } from "react-router";

export function Logo(props: { to: string }) {
  return (
    <Link to={props.to} className="flex items-center gap-2 text-lg font-bold text-fg">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path d="M9 8h9a5 5 0 0 1 0 10h-5v6H9zm4 4v2h5a1 1 0 0 0 0-2z" fill="#fff" />
      </svg>
      PromptShelf
    </Link>
  );
}
