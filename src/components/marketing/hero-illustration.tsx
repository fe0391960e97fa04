import { TrendingUp, Users, MousePointerClick, Repeat } from "@/components/ui/icons";
import { COMPANY_FACTS } from "@/content/company-facts";

const STAGES = [
  { label: "Acquire", icon: Users, width: "100%" },
  { label: "Convert", icon: MousePointerClick, width: "72%" },
  { label: "Scale", icon: Repeat, width: "88%" },
];

/**
 * The home hero's right half: a stylised growth dashboard drawn with SVG and CSS, no images.
 * Decorative: every figure it shows is stated in text elsewhere on the site.
 */
export function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[34rem] select-none">
      <div className="absolute inset-0 -z-10 rounded-full bg-brand-500/30 blur-3xl" />
      <div className="rounded-[1.75rem] border border-white/15 bg-white/[0.07] p-5 shadow-2xl shadow-black/30 backdrop-blur-sm sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-widest text-brand-200 uppercase">Monthly revenue</p>
            <p className="mt-1 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">+300%</p>
            <p className="text-sm text-brand-200">average growth for our clients</p>
          </div>
          {/* No "Live" badge: this is a drawing, and nothing on it is live data. */}
          <TrendingUp className="size-6 shrink-0 text-accent-400" />
        </div>
        <svg viewBox="0 0 400 190" className="mt-5 w-full" fill="none">
          <defs>
            <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#9270f8" stopOpacity="0.55" />
              <stop offset="100%" stopColor="#9270f8" stopOpacity="0" />
            </linearGradient>
          </defs>
          <g stroke="#ffffff" strokeOpacity="0.09">
            <line x1="0" y1="40" x2="400" y2="40" />
            <line x1="0" y1="90" x2="400" y2="90" />
            <line x1="0" y1="140" x2="400" y2="140" />
          </g>
          <g fill="#ffffff" fillOpacity="0.1">
            {[150, 138, 128, 112, 100, 86, 70, 52].map((y, i) => (
              <rect key={i} x={14 + i * 49} y={y} width="22" height={188 - y} rx="5" />
            ))}
          </g>
          <path d="M0 168 C 40 160, 60 150, 100 142 S 160 128, 200 112 S 260 96, 300 70 S 350 32, 384 22 L 384 190 L 0 190 Z" fill="url(#hero-area)" />
          <path
            d="M0 168 C 40 160, 60 150, 100 142 S 160 128, 200 112 S 260 96, 300 70 S 350 32, 384 22"
            stroke="#fbbf24"
            strokeWidth="4"
            strokeLinecap="round"
          />
          {[
            [100, 142],
            [200, 112],
            [300, 70],
          ].map(([cx, cy]) => (
            <circle key={cx} cx={cx} cy={cy} r="5" fill="#160b38" stroke="#fbbf24" strokeWidth="3" />
          ))}
          <circle cx="384" cy="22" r="7" fill="#fbbf24" />
          <circle cx="384" cy="22" r="14" stroke="#fbbf24" strokeOpacity="0.45" strokeWidth="2" />
        </svg>
        <ul className="mt-5 hidden space-y-2.5 sm:block">
          {STAGES.map(({ label, icon: Icon, width }) => (
            <li key={label} className="flex items-center gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10 text-accent-300">
                <Icon className="size-4" />
              </span>
              <span className="w-16 text-sm font-semibold text-white">{label}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-white/10">
                <span className="block h-full rounded-full bg-gradient-to-r from-brand-400 to-accent-400" style={{ width }} />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="absolute top-[42%] -left-4 hidden rounded-2xl border border-white/15 bg-brand-900/90 px-4 py-3 shadow-xl backdrop-blur sm:block lg:-left-10">
        <p className="text-xs font-medium text-brand-200">Average ROAS</p>
        <p className="text-xl font-extrabold text-white">450%</p>
      </div>
      <div className="absolute -right-2 -bottom-6 hidden rounded-2xl bg-white px-4 py-3 text-ink shadow-xl sm:block lg:-right-8">
        <p className="text-xs font-medium text-muted">Audit delivered in</p>
        <p className="text-xl font-extrabold text-brand-700">{COMPANY_FACTS.replyHours} hours</p>
      </div>
    </div>
  );
}
