# blind17: writes questions.jsonl and runs all mechanical checks. blind16's make_questions.py with this set's questions and
# these changes, marked 'blind17': paths /tmp/blind17_*, seed 171 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks, the page checks in both PDF copies) is blind16's, unchanged. Reads
# /tmp/blind17_all.txt and /tmp/blind17_callers.json (written by the listing command in README.md /
# draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page checks. Run from anywhere (paths are
# absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind17_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('is there a demo that uses mr.convert to turn a slew rate from Hz/m/s into T/m/s?','mr.convert','matlab','b')
fx("I want to rotate copies of a spiral interleave about the z axis; show me the demo that builds the rotation matrix with mr.aux.rotmat.z",'mr.aux.rotmat.z','matlab','c')
fx('examples of seq.registerRfEvent','seq.registerRfEvent','matlab','a')
fx('which demo sequences let TE and TR be changed on the scanner after export via mr.makeSoftDelay?','mr.makeSoftDelay','matlab','b')
fx("I'd like to measure the thickness of a simulated slice profile at half height; can you give me the code of a demo that does it with mr.aux.findFlank?",'mr.aux.findFlank','matlab','c')
fx('mr.addRamps in a demo: ramping a spiral excitation trajectory and its RF waveform up from and down to zero','mr.addRamps','matlab','a')
fx('does any pypulseq example call pp.make_extended_trapezoid_area to build a gradient lobe of given area between a start and an end amplitude?','pp.make_extended_trapezoid_area','python','b')
fx("I need a fat saturation pulse in pypulseq; show me the example script that makes one with pp.make_gauss_pulse",'pp.make_gauss_pulse','python','c')
fx('pypulseq examples using pp.add_gradients','pp.add_gradients','python','a')
fx('how do I pull a block back out of a loaded sequence with seq.get_block in pypulseq, is there an example?','seq.get_block','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex("I want a small test sequence, not meant for imaging, that shows how GE segment labels (TRID) get numbered automatically: four inversion blocks with recovery delays of 5, 25, 100 and 250 ms, each followed by a Gaussian fat saturation with a crusher and eight 10 degree sinc excitations with a 128-sample readout, on GE raster times (4 us gradient raster, 2 us RF and ADC raster). Can you give me the code?",
   [M+'write_demo_automatic_TRID_labels.m'],'none','c')
ex('balanced SSFP (TrueFISP) with the fastest timing the readout and pulse settings allow, no TE or TR to set: 40 degree sinc pulse of 600 us on a 4 mm slice, 2560 us readout, 256 by 256 over 220 mm, RF and receiver phase alternating by 180 degrees from line to line, and a half-flip-angle preparation pulse half a TR before the first line',
   [M+'writeTrufi.m'],'none','a')
ex('do you have a 3D zero-TE (PETRA-type) sequence for sodium imaging: gyromagnetic ratio set for 23Na, 240 mm field of view at 1 mm resolution, a short 50 us Gaussian excitation of 6 degrees, 1800 us readout with 300 samples, spokes spread over a sphere with golden-angle ordering and eightfold undersampling, and the central k-space gap filled by single-point acquisitions on smaller shells?',
   [M+'writeZTE_Petra_sodium.m'],'none','b')
ex('plain single-shot gradient-echo EPI for teaching, sampling only on the flat top of each readout lobe (no ramp sampling): 90 degree sinc excitation, 64 by 64 over 220 mm, three 3 mm slices, phase blips as short as the slew rate allows, and no navigators, header labels or triggers',
   [P+'write_epi.py',M+'writeEpi.m'],'none','a')
ex("I'm after single-voxel spectroscopy with semi-LASER localisation: an SLR 90 degree excitation on one axis followed by two pairs of adiabatic WURST 180 degree refocusing pulses on the other two axes, a 50 mm voxel, TE 30 ms, TR 6 s, 2048 points, with spoilers around the refocusing pulses. Where can I find it?",
   [M+'writeSemiLaser.m'],'none','c')
ex('is there a Cartesian multi-shot fast spin echo, k-space filled line by line across shots with no rotating blades, where the slice and readout gradients of each echo spacing are stitched together from piecewise-linear pieces across blocks, the excitation is phase-shifted by 90 degrees against the refocusing pulses, 16 echoes per shot 12 ms apart, 2500 us excitation and 2000 us refocusing sinc pulses, a 6400 us sampling window, and one leading shot played without acquisition?',
   [P+'write_tse.py',M+'writeTSE.m'],'none','b')
ex("I need an EPI that writes reconstruction counters into the raw data headers: seven 3 mm slices over a 220 mm field of view, four repetitions each started by a physiological trigger input, three navigator echoes without phase encoding before every slice's image, reversed-line and segment flags on each readout, line, slice and repetition counters incremented as it goes, and a spoiler plus a 100 ms pause after each slice; flat-top sampling only. Can you show me the code?",
   [M+'writeEpi_label.m',P+'write_epi_label.py'],'none','c')
ex('2D spoiled gradient echo whose TE and TR can still be changed on the scanner after export: two TE delays that grow and shrink in opposite directions so the repetition time stays fixed, a separate TR delay, 7 degree sinc excitation of a 3 mm slice, 64 by 64 over 224 mm, TR 20 ms with TE up to 8 ms, 3200 us readout, 117 degree RF-spoiling increment, and line and slice counters',
   [P+'write_gre_label_softdelay.py'],'none','a')
ex('do you have a multi-slice 2D spin echo with scanner-adjustable TE and TR: a 3 ms SLR excitation and an 8800 us SLR refocusing pulse, two interleaved 5 mm slices with a 5 mm gap, 256 by 256 over 250 mm with twofold readout oversampling, TE 19 ms (up to 120 ms), TR 1400 ms, one dummy scan, and a simulation of both pulses to check their slice thickness?',
   [M+'writeSpinEcho_softdelay.m'],'none','b')
ex('is there a spin echo that excites a pencil-shaped region with a two-dimensional spatially selective pulse: an 8 ms spiral-in RF pulse with 8 turns over a 200 mm excitation field and a Gaussian target roughly 2 cm across at 20 degrees, then a 180 degree sinc refocusing pulse on a 5 mm slice between spoilers, TE 20 ms, TR 500 ms, 256 by 256 over 220 mm?',
   [M+'writeSelectiveRf.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I'm checking the [RF] section after exporting a slice-selective pulse made with mr.makeSincPulse; in the specification's own [RF] example, how is the first pulse described: its peak amplitude, its delay, which shapes it uses and on which time axis, and where its effective centre lies?",[12,13],'matlab','c')
sp('if I pad timing with mr.makeDelay, how does the file express that pause now that the old [DELAYS] section is gone: which format revision removed it, what replaced it, since which revision may each event carry its own delay, and what makes a block a delay block?',[3,11],'matlab','b')
sp('seq.addBlock and the [BLOCKS] rules: how many blocks a file must declare, in which order they run, and what an interpreter must do when an event lasts longer than its block',[11],'matlab','a')
sp("I'm tagging segments with seq.addTRID; what does the specification say the TRID label is used for, what value do all counters and flags have when the sequence starts, and when does a changed label value actually take effect?",[18],'matlab','c')
sp("when I call seq.applySoftDelay with a TR value, how does the specification's DELAYS example compute the TR delay, what does it reveal about the number of slices, and why is there a third TE delay that gets shorter as TE grows?",[19],'matlab','b')
sp('mr.decompressShape: how the compression examples in the specification encode a shape of 100 zeros and a shape held at 1.0 for 100 samples, and why shapes are compressed at all',[22,23],'matlab','a')
sp("pypulseq's pp.make_sinc_pulse puts the RF dead time into the pulse delay; does a Pulseq file pad the RF shape with leading zeros for the dead time, since which format revision, and in which [RF] field and unit is the delay written?",[3,12],'python','c')
sp("pypulseq pp.make_soft_delay: the Pulseq format revision that introduced soft delays, and what else that revision changed for RF and ADC events",[3,19],'python','a')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
QU=A+'+aux/+quat/'
api('which arguments does seq.calcPNS expect, and which of them are optional?','matlab','calcPNS','params',[A+'@Sequence/calcPNS.m'],'b')
api('seq.autoLabel options','matlab','autoLabel','params',[A+'@Sequence/autoLabel.m'],'a')
api("I have a k-space trajectory in 1/m and want gradient waveforms from mr.traj2grad; what can I pass besides the trajectory?",'matlab','traj2grad','params',[A+'traj2grad.m'],'c')
api('what are the parameters of mr.aux.containers_map_lookup_ex?','matlab','containers_map_lookup_ex','params',[A+'+aux/containers_map_lookup_ex.m'],'b')
api("I'm designing a WURST inversion pulse with mr.makeAdiabaticPulse; which settings can I hand it?",'matlab','makeAdiabaticPulse','params',[A+'makeAdiabaticPulse.m'],'c')
api('mr.aux.quat.rotate arguments','matlab','rotate','params',[QU+'rotate.m'],'a')
api("I'm predicting nerve stimulation with safe_gwf_to_pns from pypulseq's safe_pns_prediction utilities; what inputs does it need?",'python','safe_gwf_to_pns','params',[PA+'utils/safe_pns_prediction.py'],'c')
api('which arguments does seq.calculate_kspacePP take in pypulseq?','python','calculate_kspacePP','params',[PA+'Sequence/sequence.py'],'b')
api('pypulseq pp.split_gradient parameters','python','split_gradient','params',[PA+'split_gradient.py'],'a')
api('what does mr.aux.quat.toRotMat return?','matlab','toRotMat','returns',[QU+'toRotMat.m'],'b')
api("I'm cleaning up an array of quaternions with mr.aux.quat.normalize before building rotations; what do I get back?",'matlab','normalize','returns',[QU+'normalize.m'],'c')
api('in pypulseq, what does seq.register_grad_event return for a trapezoid and for an arbitrary gradient?','python','register_grad_event','returns',[PA+'Sequence/sequence.py',PA+'Sequence/block.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind17_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
assert [q['entry'] for q in Q if q['kind']=='api']==['calcPNS','autoLabel','traj2grad','containers_map_lookup_ex',
  'makeAdiabaticPulse','rotate','safe_gwf_to_pns','calculate_kspacePP','split_gradient','toRotMat',
  'normalize','register_grad_event']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
assert exfns==['mr.convert','mr.aux.rotmat.z','seq.registerRfEvent','mr.makeSoftDelay','mr.aux.findFlank',
  'mr.addRamps','pp.make_extended_trapezoid_area','pp.make_gauss_pulse','pp.add_gradients','seq.get_block']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 171 (blind17); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(171); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
KEY={3:['1.2.0 06 Jul 2018 Events can now be delayed individually',
        'Matlab code does not use zero-filling prior to the actual RF shape to account for RF dead time and uses delay instead',
        'Interpreter code also does not attempt to detect RF zero-filling',
        'explicit block duration; removed [DELAYS];',
        '1.5.0 14 Feb 2025 Substantial format revision, including: RF pulses define RF center and intended use fields',
        'RF and ADC objects declare an additional frequency offset in units of PPM',
        'ADC objects optionally declare phase offset per sample as a vector','Extension ”Soft Delay” is introduced'],
     11:['The sequence must declare at least one block','The blocks are executed sequentially',
         'The duration of each block is defined explicitly by the second field of the block description',
         'No event comprising this block is allowed to last longer than the specified block duration',
         'The interpreters must to throw an error, should they detect such condition',
         'A block with nonzero duration containing no nonzero event IDs is a delay block'],
     12:['<delay> integer Delay before starting the RF pulse µs',
         'the RF pulse ID of 1 is the excitation pulse with the peak amplitude of 550Hz and a delay of 100 µs',
         'The magnitude and phase profiles are defined with the shapes of ID 1 and 2, respectively, using the default time axis sampling with a dwell time of RadiofrequencyRasterTime',
         'The effective center of this RF pulse is located 1000 µs away from the start of the RF shape'],
     13:['and the pulse does not have any frequency or phase offset'],
     18:['There is also a special label TRID used by some interpreters to recognize repeating parts of the sequence',
         'At the start of the sequence all counters and flags are automatically initialized to zero',
         'The values of the counters have no immediate effect until the next ADC directive is executed',
         'At the moment of the ADC event the values of the counters are recorded',
         'can take any arbitrary excursions, e.g. can be negative or exceed matrix dimensions temporarily'],
     19:['The soft delay extension has been introduced in revision 1.5.0','4 1 -126760 11 TR',
         'Soft delay in line 4 defines the TR delay D4 = T R/11−126760µs, from which it is easy to conclude, that it was a sequence with 11 slices',
         'it defines an additional delay which makes the execution time of the inner sequence loop independent of TE by introducing a delay with a duration D3 = 120000µs − T E',
         'leading to negative delays are not allowed, leading to the automatic definition of the minimal and maximum allowable TE values'],
     22:['Storing every sample of the shape would lead to very large sequence descriptions',
         '14000 samples would be required','the shapes are compressed by encoding the derivative in a run-length compressed format',
         'Example 2: A shape with 100 zeros values','0.0 → 0.0 → 0 ··· ··· 98',
         'Example 3: A shape with a constant value of 1.0 for 100 samples'],
     23:['1.0 1.0 1.0 1.0 → 0.0 → 0 ··· ··· 0 1.0 0.0 97']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
