export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="9" fill="#3f1d85" />
      <path d="M8 22.5 14 15l4.2 4L24.5 9.5" fill="none" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="24.5" cy="9.5" r="2.2" fill="#fbbf24" />
    </svg>
  );
}
