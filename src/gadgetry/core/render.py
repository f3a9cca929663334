"""Rendering through the Jinja2 templates of ``gadgetry/templates`` (one SVG template per puzzle).

Templates are autoescaped (SVG is XML): letters and labels from user input cannot break the markup.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2


@cache
def environment() -> jinja2.Environment:
    import jinja2  # deferred: most commands render nothing

    return jinja2.Environment(loader=jinja2.PackageLoader("gadgetry", "templates"),
                              autoescape=jinja2.select_autoescape(["svg", "html", "xml", "j2"]),
                              trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def render_template(name: str, **context: Any) -> str:
    """Render ``templates/name`` with ``context``."""
    return environment().get_template(name).render(**context)
