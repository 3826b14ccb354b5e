"""The program window: a title screen listing the five games until the table lands."""

from __future__ import annotations

import pygame

from cardtable.engine import registry


def run() -> int:
    pygame.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.display.set_caption("cardtable")
    font = pygame.font.Font(None, 64)
    small = pygame.font.Font(None, 32)
    clock = pygame.time.Clock()
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            ):
                running = False
        screen.fill((18, 83, 52))
        w = screen.get_width()
        title = font.render("cardtable", True, (240, 236, 220))
        screen.blit(title, title.get_rect(midtop=(w // 2, 80)))
        for i, spec in enumerate(registry.specs()):
            line = small.render(
                f"{spec.name}  ({spec.min_players}-{spec.max_players} players)", True, (230, 230, 210)
            )
            screen.blit(line, line.get_rect(midtop=(w // 2, 200 + i * 48)))
        pygame.display.flip()
        clock.tick(30)
    pygame.quit()
    return 0
