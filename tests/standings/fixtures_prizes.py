"""The seeds' prize and grade tables (Gomoku §十五, Go §十二), as test data."""

from __future__ import annotations

from app.standings import GradeBand, GradeTable, PrizePlace, PrizeTable

P = PrizePlace
TEAM_SHRINK = ((2, 1), (3, 2))  # fewer than 3 teams: champion only; exactly 3: first two

GOMOKU_OPEN = PrizeTable(
    "公开组",
    None,
    "公开组",
    (
        P(1, 1, 30000, "冠军"),
        P(2, 2, 10000, "亚军"),
        P(3, 3, 6000, "季军"),
        P(4, 8, 2000, "第4-8名"),
        P(9, 16, 800, "第9-16名"),
    ),
)
GOMOKU_WOMEN = PrizeTable(
    "公开组",
    "女子",
    "公开组（女子）",
    (
        P(1, 1, 8000, "冠军"),
        P(2, 2, 4000, "亚军"),
        P(3, 3, 2000, "季军"),
        P(4, 4, 1000, "第4名"),
        P(5, 5, 800, "第5名"),
        P(6, 6, 600, "第6名"),
    ),
)
GOMOKU_MEN_TEAM = PrizeTable(
    "男子团体",
    None,
    "公开组团体（男子）",
    (
        P(1, 1, 10000, "冠军"),
        P(2, 2, 6000, "亚军"),
        P(3, 3, 4000, "季军"),
        P(4, 4, 2000, "第4名"),
        P(5, 5, 1000, "第5名"),
        P(6, 6, 800, "第6名"),
    ),
    shrink=TEAM_SHRINK,
)
GOMOKU_WOMEN_TEAM = PrizeTable(
    "女子团体",
    None,
    "公开组团体（女子）",
    (
        P(1, 1, 5000, "冠军"),
        P(2, 2, 3000, "亚军"),
        P(3, 3, 2000, "季军"),
    ),
    shrink=TEAM_SHRINK,
)
GOMOKU_YOUTH = PrizeTable(
    "少儿组",
    None,
    "少儿组",
    (
        P(1, 1, 2000, "冠军"),
        P(2, 2, 1000, "亚军"),
        P(3, 3, 800, "季军"),
        P(4, 8, 500, "第4-8名"),
    ),
)

GO_OPEN = PrizeTable(
    "男子个人",
    None,
    "男子个人",
    (
        P(1, 1, 60000, "冠军"),
        P(2, 2, 30000, "亚军"),
        P(3, 3, 20000, "季军"),
        P(4, 4, 10000, "第四名"),
        P(5, 5, 5000, "第五名"),
        P(6, 6, 5000, "第六名"),
        P(7, 7, 3000, "第七名"),
        P(8, 8, 3000, "第八名"),
        P(9, 32, 1000, "第九至三十二名"),
    ),
)
GO_WOMEN = PrizeTable(
    "男子个人",
    "女子",
    "女子个人",
    (
        P(1, 1, 10000, "冠军"),
        P(2, 2, 5000, "亚军"),
        P(3, 3, 3000, "季军"),
        P(4, 4, 1000, "第四名"),
        P(5, 5, 800, "第五名"),
        P(6, 6, 600, "第六名"),
    ),
)

GO_YOUTH = PrizeTable(
    "少儿组",
    None,
    "少儿组",
    (
        P(1, 1, 5000, "冠军"),
        P(2, 2, 3000, "亚军"),
        P(3, 3, 2000, "季军"),
        P(4, 4, 1000, "第四名"),
        P(5, 5, 800, "第五名"),
        P(6, 6, 600, "第六名"),
    ),
)
GO_MEN_TEAM = PrizeTable(  # §十二（二）1: 第四名, 第五名, 第六名 listed one by one
    "男子团体",
    None,
    "男子团体",
    (
        P(1, 1, 25000, "冠军"),
        P(2, 2, 12000, "亚军"),
        P(3, 3, 8000, "季军"),
        P(4, 4, 5000, "第四名"),
        P(5, 5, 5000, "第五名"),
        P(6, 6, 5000, "第六名"),
    ),
)
GO_WOMEN_TEAM = PrizeTable(
    "女子团体",
    None,
    "女子团体",
    (
        P(1, 1, 15000, "冠军"),
        P(2, 2, 10000, "亚军"),
        P(3, 3, 6000, "季军"),
    ),
)
GO_PAIR = PrizeTable(  # §十二（三）: one table for each of the four pair events, 第四至六名 a band
    "双人",
    None,
    "双人",
    (
        P(1, 1, 5000, "冠军"),
        P(2, 2, 4000, "亚军"),
        P(3, 3, 2000, "季军"),
        P(4, 6, 1000, "第四至六名"),
    ),
)

G = GradeBand
GOMOKU_OPEN_GRADES = GradeTable(
    "公开组",
    None,
    (
        G(1, 1, "六段"),
        G(2, 3, "五段"),
        G(4, 6, "四段"),
        G(7, 9, "三段"),
        G(10, 13, "二段"),
        G(14, 17, "一段"),
        G(18, 22, "一级"),
        G(23, 26, "二级"),
        G(27, 30, "三级"),
    ),
)
GOMOKU_YOUTH_GRADES = GradeTable(
    "少儿组", None, (G(1, 1, "二段"), G(2, 3, "一段"), G(4, 6, "一级"))
)
