"""Writes the storyboard of Scripts/bench part 1s: N screens (default 30) of an app as Interface
Builder saves them, each laid out by Auto Layout constraints (29 a screen: a title, a wrapping
description, four rows of a label and a switch, a text field, a button held above the safe area),
in navigation controllers two screens each (a root and the screen its show segue pushes).

usage: storyboard.py DIR [N]   writes DIR/Main.storyboard (deterministic: the same bytes every run)"""
import os, sys

out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 30
os.makedirs(out, exist_ok=True)
words = ("trail ridge meadow summit creek granite pine valley lookout switchback cairn boulder spring "
         "canyon river forest alpine lake basin saddle").split()


def text(i, n):
    return " ".join(words[(i * 7 + k * 3) % len(words)] for k in range(n)).capitalize() + "."


def screen(i):
    v = f"vw-{i:03}"
    ids = {name: f"{name}-{i:03}" for name in ("ttl", "bdy", "fld", "btn", "saf")}
    subviews, constraints = [], []

    def c(first, fa, second, sa, constant=0, relation=None):
        rel = f' relation="{relation}"' if relation else ""
        const = f' constant="{constant}"' if constant else ""
        n = len(constraints)
        constraints.append(f'<constraint firstItem="{first}" firstAttribute="{fa}"{rel} secondItem="{second}" '
                           f'secondAttribute="{sa}"{const} id="cst-{i:03}-{n:02}"/>')

    subviews.append(f'''<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Screen {i + 1}: {words[i % len(words)].capitalize()}" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{ids['ttl']}">
    <rect key="frame" x="16" y="40" width="240" height="34"/>
    <fontDescription key="fontDescription" type="boldSystem" pointSize="28"/>
    <nil key="textColor"/>
    <nil key="highlightedColor"/>
</label>''')
    c(ids["ttl"], "top", ids["saf"], "top", 20)
    c(ids["ttl"], "leading", v, "leadingMargin")
    c(v, "trailingMargin", ids["ttl"], "trailing", relation="greaterThanOrEqual")
    subviews.append(f'''<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="{text(i, 24)}" textAlignment="natural" lineBreakMode="wordWrap" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{ids['bdy']}">
    <rect key="frame" x="16" y="82" width="343" height="61"/>
    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
    <color key="textColor" white="0.33" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
    <nil key="highlightedColor"/>
</label>''')
    c(ids["bdy"], "top", ids["ttl"], "bottom", 8)
    c(ids["bdy"], "leading", v, "leadingMargin")
    c(v, "trailingMargin", ids["bdy"], "trailing")
    above = ids["bdy"]
    for k in range(4):
        lbl, sw = f"lbl-{i:03}-{k}", f"swt-{i:03}-{k}"
        on = "YES" if (i + k) % 2 == 0 else "NO"
        subviews.append(f'''<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="{words[(i + k * 5) % len(words)].capitalize()} alerts" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{lbl}">
    <rect key="frame" x="16" y="{160 + 47 * k}" width="120" height="21"/>
    <fontDescription key="fontDescription" type="system" pointSize="17"/>
    <nil key="textColor"/>
    <nil key="highlightedColor"/>
</label>''')
        subviews.append(f'''<switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="{on}" translatesAutoresizingMaskIntoConstraints="NO" id="{sw}">
    <rect key="frame" x="310" y="{155 + 47 * k}" width="51" height="31"/>
</switch>''')
        c(lbl, "top", above, "bottom", 26)
        c(lbl, "leading", v, "leadingMargin")
        c(v, "trailingMargin", sw, "trailing")
        c(sw, "centerY", lbl, "centerY")
        above = lbl
    subviews.append(f'''<textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Trip name" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="{ids['fld']}">
    <rect key="frame" x="16" y="370" width="343" height="34"/>
    <fontDescription key="fontDescription" type="system" pointSize="14"/>
    <textInputTraits key="textInputTraits"/>
</textField>''')
    c(ids["fld"], "top", above, "bottom", 32)
    c(ids["fld"], "leading", v, "leadingMargin")
    c(v, "trailingMargin", ids["fld"], "trailing")
    subviews.append(f'''<button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="{ids['btn']}">
    <rect key="frame" x="16" y="577" width="343" height="50"/>
    <color key="backgroundColor" red="0.18" green="0.49" blue="0.29" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
    <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
    <state key="normal" title="Continue">
        <color key="titleColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
    </state>
</button>''')
    c(ids["btn"], "leading", v, "leadingMargin")
    c(v, "trailingMargin", ids["btn"], "trailing")
    c(ids["saf"], "bottom", ids["btn"], "bottom", 20)
    # The height constraint belongs to the button itself, as Interface Builder keeps it.
    own = f'<constraint firstAttribute="height" constant="50" id="cst-{i:03}-h"/>'
    segue = f'\n<connections><segue destination="vc-{i + 1:03}" kind="show" id="seg-{i:03}"/></connections>' if i % 2 == 0 and i + 1 < count else ""
    button = subviews.pop().replace("</button>", f"<constraints>{own}</constraints>\n</button>")
    subviews.append(button)
    body = "\n".join(subviews)
    return f'''<scene sceneID="scn-{i:03}">
<objects>
<viewController storyboardIdentifier="Screen{i + 1:02}" id="vc-{i:03}" sceneMemberID="viewController">
<view key="view" contentMode="scaleToFill" id="{v}">
<rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
<subviews>
{body}
</subviews>
<color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
<constraints>
{chr(10).join(constraints)}
</constraints>
<viewLayoutGuide key="safeArea" id="{ids['saf']}"/>
</view>
<navigationItem key="navigationItem" title="{words[i % len(words)].capitalize()}" id="nvi-{i:03}"/>{segue}
</viewController>
</objects>
</scene>'''


def navigation(n, root):
    return f'''<scene sceneID="scn-nav-{n:03}">
<objects>
<navigationController id="nav-{n:03}" sceneMemberID="viewController">
<navigationBar key="navigationBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="nbr-{n:03}">
<rect key="frame" x="0.0" y="20" width="375" height="44"/>
<autoresizingMask key="autoresizingMask"/>
</navigationBar>
<connections><segue destination="vc-{root:03}" kind="relationship" relationship="rootViewController" id="rel-{n:03}"/></connections>
</navigationController>
</objects>
</scene>'''


scenes = []
for i in range(count):
    if i % 2 == 0:
        scenes.append(navigation(i // 2, i))
    scenes.append(screen(i))
doc = f'''<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14460.31" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav-000">
<device id="retina4_7" orientation="portrait">
<adaptation id="fullscreen"/>
</device>
<dependencies>
<plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="14460.20"/>
<capability name="Safe area layout guides" minToolsVersion="9.0"/>
</dependencies>
<scenes>
{chr(10).join(scenes)}
</scenes>
</document>
'''
with open(os.path.join(out, "Main.storyboard"), "w") as f:
    f.write(doc)
