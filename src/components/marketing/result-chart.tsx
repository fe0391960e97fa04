import { resultBars, resultChartSummary } from "@/lib/result-chart";
import { cn } from "@/lib/cn";

const ROW = 46;
const WIDTH = 480;
const BAR_HEIGHT = 14;

/**
 * A case study's own percentages drawn as bars on the server (src/lib/result-chart.ts): no chart
 * library and no script in the browser. Nothing at all when the study has no percentage to draw.
 * No track behind a bar: a filled track reads as progress towards 100 %, a scale these figures
 * (212 %, -34 %) are not on; each bar is only as long as its figure beside the largest (ADR 0103).
 */
export function ResultChart({ metrics, tone = "light", className }: { metrics: Record<string, string>; tone?: "light" | "dark"; className?: string }) {
  const bars = resultBars(metrics);
  if (bars.length === 0) return null;
  const height = bars.length * ROW + 6;
  const dark = tone === "dark";
  return (
    <svg
      role="img"
      aria-label={resultChartSummary(bars)}
      data-testid="result-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      className={cn("h-auto w-full", className)}
      fontFamily="inherit"
    >
      {bars.map((bar, index) => {
        const y = index * ROW;
        const length = Math.max(8, Math.round(bar.share * (WIDTH - 90)));
        return (
          <g key={bar.key}>
            <text x="0" y={y + 15} fontSize="14" fontWeight="600" fill={dark ? "#d3c8ff" : "#3b3868"}>
              {bar.label}
            </text>
            <rect x="0" y={y + 24} width={length} height={BAR_HEIGHT} rx={BAR_HEIGHT / 2} fill={bar.decrease ? "#f59e0b" : dark ? "#b3a0fd" : "#6a35dc"} />
            <text x={WIDTH} y={y + 36} textAnchor="end" fontSize="16" fontWeight="800" fill={dark ? "#ffffff" : "#0f0d2e"}>
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
