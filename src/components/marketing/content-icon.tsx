import {
  Award,
  Calendar,
  ChartColumn,
  Clock,
  Compass,
  FileSearch,
  Lightbulb,
  Megaphone,
  MessageCircle,
  MousePointerClick,
  Repeat,
  Search,
  Sparkles,
  Target,
  Users,
  type Icon as LucideIcon,
} from "@/components/ui/icons";

/**
 * The icons the content modules name. An explicit map (not `import *`) keeps every other lucide
 * icon out of the server bundle.
 */
export const CONTENT_ICONS: Record<string, LucideIcon> = {
  Award,
  Calendar,
  ChartColumn,
  Clock,
  Compass,
  FileSearch,
  Lightbulb,
  Megaphone,
  MessageCircle,
  MousePointerClick,
  Repeat,
  Search,
  Target,
  Users,
};

export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = CONTENT_ICONS[name] ?? Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}
