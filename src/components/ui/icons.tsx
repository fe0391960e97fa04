import type { ReactElement, SVGProps } from "react";
import * as arrowLeftModule from "lucide-react/icons/arrow-left";
import * as arrowRightModule from "lucide-react/icons/arrow-right";
import * as awardModule from "lucide-react/icons/award";
import * as calendarModule from "lucide-react/icons/calendar";
import * as calendarClockModule from "lucide-react/icons/calendar-clock";
import * as calendarDaysModule from "lucide-react/icons/calendar-days";
import * as chartColumnModule from "lucide-react/icons/chart-column";
import * as checkModule from "lucide-react/icons/check";
import * as chevronRightModule from "lucide-react/icons/chevron-right";
import * as clockModule from "lucide-react/icons/clock";
import * as compassModule from "lucide-react/icons/compass";
import * as externalLinkModule from "lucide-react/icons/external-link";
import * as fileSearchModule from "lucide-react/icons/file-search";
import * as gaugeModule from "lucide-react/icons/gauge";
import * as giftModule from "lucide-react/icons/gift";
import * as homeModule from "lucide-react/icons/house";
import * as lightbulbModule from "lucide-react/icons/lightbulb";
import * as mailModule from "lucide-react/icons/mail";
import * as mapPinModule from "lucide-react/icons/map-pin";
import * as megaphoneModule from "lucide-react/icons/megaphone";
import * as menuModule from "lucide-react/icons/menu";
import * as messageCircleModule from "lucide-react/icons/message-circle";
import * as mousePointerClickModule from "lucide-react/icons/mouse-pointer-click";
import * as phoneModule from "lucide-react/icons/phone";
import * as plusModule from "lucide-react/icons/plus";
import * as quoteModule from "lucide-react/icons/quote";
import * as repeatModule from "lucide-react/icons/repeat";
import * as replyModule from "lucide-react/icons/reply";
import * as searchModule from "lucide-react/icons/search";
import * as sparklesModule from "lucide-react/icons/sparkles";
import * as starModule from "lucide-react/icons/star";
import * as targetModule from "lucide-react/icons/target";
import * as timerModule from "lucide-react/icons/timer";
import * as trendingUpModule from "lucide-react/icons/trending-up";
import * as usersModule from "lucide-react/icons/users";
import * as xModule from "lucide-react/icons/x";

// The public pages' icons, drawn on the server as plain <svg> from lucide's own icon data.
// lucide-react's icon components are client components ("use client" on its Icon), so every icon a
// server component rendered with them was a client component: its drawing sent twice (HTML and the
// page's payload), lucide's runtime shipped to the browser and each icon hydrated, 57 on the home
// page (docs/decisions/0070). These render the same markup and take the same props; nothing of them
// reaches the browser but the <svg> itself. The dashboard keeps lucide-react.

type IconNode = [tag: string, attributes: Record<string, string>][];

/** What each module of lucide-react/icons/* exports beside its component (not in its types). */
interface IconModule {
  __iconData?: { name: string; node: IconNode };
}

/**
 * The look (no fill, a round stroke in currentColor) comes from one rule in globals.css, not from
 * attributes on each icon: the page carries every icon twice (its HTML and React's payload), so the
 * same six attributes on its 54 icons cost the home page about 16 KB (docs/decisions/0116). Paint and
 * stroke are therefore not props: a presentation attribute loses to that rule. A thicker stroke is a
 * class (`stroke-3`), a filled icon `fill-current` or another `fill-*`: utilities win over the rule.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "fill" | "stroke" | "strokeWidth" | "strokeLinecap" | "strokeLinejoin"> {
  size?: number | string;
}

/** An icon component: lucide's look (24-unit box, 2-unit round stroke in currentColor). */
export type Icon = (props: IconProps) => ReactElement;

function iconData(module: object): { name: string; node: IconNode } {
  const data = (module as IconModule).__iconData;
  if (!data) throw new Error("lucide-react no longer exports __iconData: src/components/ui/icons.tsx needs its icon data another way");
  return data;
}

/** An icon's shapes, drawn as SVG elements (no <svg> around them). */
function Shapes({ node }: { node: IconNode }) {
  return node.map(([tag, { key, ...attributes }]) => {
    const Tag = tag as "path";
    return <Tag key={key} {...attributes} />;
  });
}

function icon(module: object): Icon {
  const { name, node } = iconData(module);
  function DrawnIcon({ size = 24, className, ...props }: IconProps) {
    // Decorative unless labelled, as lucide's own: a label or a title makes it an image.
    const labelled = Object.keys(props).some((key) => key === "aria-label" || key === "aria-labelledby" || key === "title");
    // Width and height stay attributes: without the style sheet an icon keeps its size.
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
        {...(labelled ? {} : { "aria-hidden": true })}
        {...props}
      >
        <Shapes node={node} />
      </svg>
    );
  }
  DrawnIcon.displayName = name;
  return DrawnIcon;
}

export const ArrowLeft = icon(arrowLeftModule);
export const ArrowRight = icon(arrowRightModule);
export const Award = icon(awardModule);
export const Calendar = icon(calendarModule);
export const CalendarClock = icon(calendarClockModule);
export const CalendarDays = icon(calendarDaysModule);
export const ChartColumn = icon(chartColumnModule);
export const Check = icon(checkModule);
export const ChevronRight = icon(chevronRightModule);
export const Clock = icon(clockModule);
export const Compass = icon(compassModule);
export const ExternalLink = icon(externalLinkModule);
export const FileSearch = icon(fileSearchModule);
export const Gauge = icon(gaugeModule);
export const Gift = icon(giftModule);
export const Home = icon(homeModule);
export const Lightbulb = icon(lightbulbModule);
export const Mail = icon(mailModule);
export const MapPin = icon(mapPinModule);
export const Megaphone = icon(megaphoneModule);
export const Menu = icon(menuModule);
export const MessageCircle = icon(messageCircleModule);
export const MousePointerClick = icon(mousePointerClickModule);
export const Phone = icon(phoneModule);
export const Plus = icon(plusModule);
export const Quote = icon(quoteModule);
export const Repeat = icon(repeatModule);
export const Reply = icon(replyModule);
export const Search = icon(searchModule);
export const Sparkles = icon(sparklesModule);
/** The star's shapes alone: a rating draws them once and places them five times (src/components/ui/star-rating.tsx). */
export function StarShape() {
  return <Shapes node={iconData(starModule).node} />;
}
export const Target = icon(targetModule);
export const Timer = icon(timerModule);
export const TrendingUp = icon(trendingUpModule);
export const Users = icon(usersModule);
export const X = icon(xModule);
