"""A typed tool module as a user writes it. `test_typing.py` runs mypy (and pyright) over it and
checks every revealed type: each names `Weather`, none is `Any`."""

from __future__ import annotations

from pydantic import BaseModel
from typing_extensions import reveal_type

import interop


class Weather(BaseModel):
    city: str
    temp_c: float


@interop.tool
def get_weather(city: str) -> Weather:
    """The current weather in a city."""
    return Weather(city=city, temp_c=21.5)


@interop.tool(name="forecast", meta={"read_only": True})
async def forecast(city: str, days: int = 3) -> Weather:
    """The weather in a city in a few days."""
    return Weather(city=city, temp_c=18.0 + days)


reveal_type(get_weather)
reveal_type(get_weather("Paris"))
reveal_type(interop.call(get_weather, {"city": "Paris"}))
reveal_type(forecast)
reveal_type(interop.call(forecast, {"city": "Paris"}))


async def main() -> None:
    reveal_type(await interop.acall(get_weather, {"city": "Paris"}))
    reveal_type(await interop.acall(forecast, {"city": "Paris", "days": 2}))
    reveal_type(await forecast("Paris", days=2))
